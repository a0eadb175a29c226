//
//  DDAddressBook.m
//  Dashdrop
//

#import "DDAddressBook.h"
#import "DDAPIClient.h"

static NSString * const DDSelectedAddressKey = @"dd.addresses.selectedID";

@implementation DDAddress

- (instancetype)initWithStreet:(NSString *)street city:(NSString *)city postalCode:(NSString *)postalCode
                    coordinate:(CLLocationCoordinate2D)coordinate
{
    if ((self = [super init])) {
        _addressIdentifier = [[NSUUID UUID] UUIDString];
        _label = NSLocalizedString(@"Other", nil);
        _street = [street copy];
        _city = [city copy];
        _postalCode = [postalCode copy];
        _coordinate = coordinate;
    }
    return self;
}

- (nullable instancetype)initWithJSON:(NSDictionary *)json
{
    NSString *street = DD_STRING(json[@"street"]);
    NSString *city = DD_STRING(json[@"city"]);
    if (street.length == 0 || city.length == 0) {
        return nil;
    }
    CLLocationCoordinate2D coordinate = CLLocationCoordinate2DMake([DD_NUMBER(json[@"lat"]) doubleValue], [DD_NUMBER(json[@"lng"]) doubleValue]);
    if ((self = [self initWithStreet:street city:city postalCode:DD_STRING(json[@"postal_code"]) ?: @"" coordinate:coordinate])) {
        _addressIdentifier = [DD_STRING(json[@"id"]) copy] ?: _addressIdentifier;
        _label = [DD_STRING(json[@"label"]) copy] ?: _label;
        _dropOffInstructions = [DD_STRING(json[@"instructions"]) copy];
    }
    return self;
}

- (NSDictionary *)JSONRepresentation
{
    NSMutableDictionary *json = [@{ @"id": self.addressIdentifier, @"label": self.label, @"street": self.street,
                                    @"city": self.city, @"postal_code": self.postalCode,
                                    @"lat": @(self.coordinate.latitude), @"lng": @(self.coordinate.longitude) } mutableCopy];
    json[@"instructions"] = self.dropOffInstructions;
    return json;
}

- (NSString *)singleLineDescription
{
    return [NSString stringWithFormat:@"%@, %@", self.street, self.city];
}

@end

#pragma mark -

@interface DDAddressBook ()
@property (nonatomic, strong) NSMutableArray<DDAddress *> *storage;
@property (nonatomic, strong) NSURL *fileURL;
@end

@implementation DDAddressBook

+ (instancetype)sharedBook
{
    static DDAddressBook *book;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ book = [[self alloc] init]; });
    return book;
}

- (instancetype)init
{
    if ((self = [super init])) {
        NSURL *support = [[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].firstObject;
        [[NSFileManager defaultManager] createDirectoryAtURL:support withIntermediateDirectories:YES attributes:nil error:NULL];
        _fileURL = [support URLByAppendingPathComponent:@"saved_addresses.json"];
        _storage = [NSMutableArray array];
        NSData *data = [NSData dataWithContentsOfURL:_fileURL];
        NSArray *items = data ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
        for (NSDictionary *item in ([items isKindOfClass:[NSArray class]] ? items : @[])) {
            DDAddress *address = [[DDAddress alloc] initWithJSON:item];
            if (address) [_storage addObject:address];
        }
    }
    return self;
}

- (NSArray<DDAddress *> *)addresses
{
    return [self.storage copy];
}

- (nullable DDAddress *)selectedAddress
{
    NSString *selectedID = [[NSUserDefaults standardUserDefaults] stringForKey:DDSelectedAddressKey];
    for (DDAddress *address in self.storage) {
        if ([address.addressIdentifier isEqualToString:selectedID]) return address;
    }
    return self.storage.firstObject;
}

- (void)addOrUpdateAddress:(DDAddress *)address
{
    NSIndexSet *existing = [self.storage indexesOfObjectsPassingTest:^BOOL(DDAddress *obj, NSUInteger idx, BOOL *stop) {
        return [obj.addressIdentifier isEqualToString:address.addressIdentifier];
    }];
    [self.storage removeObjectsAtIndexes:existing];
    [self.storage insertObject:address atIndex:0];
    while (self.storage.count > DDMaxSavedAddresses) {
        [self.storage removeLastObject];
    }
    [self persist];
}

- (void)selectAddress:(DDAddress *)address
{
    [[NSUserDefaults standardUserDefaults] setObject:address.addressIdentifier forKey:DDSelectedAddressKey];
    [self addOrUpdateAddress:address];
    DDLogInfo("Selected address %{public}@ (%{private}@)", address.addressIdentifier, address.singleLineDescription);
}

- (void)syncWithCompletion:(nullable void (^)(NSError * _Nullable))completion
{
    [[DDAPIClient sharedClient] GET:@"me/addresses" parameters:nil completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        NSArray *items = [json isKindOfClass:[NSDictionary class]] ? json[@"addresses"] : nil;
        if (![items isKindOfClass:[NSArray class]]) items = @[];
        for (NSDictionary *item in [[items reverseObjectEnumerator] allObjects]) {
            DDAddress *address = [item isKindOfClass:[NSDictionary class]] ? [[DDAddress alloc] initWithJSON:item] : nil;
            if (address) [self addOrUpdateAddress:address];
        }
        if (completion) completion(error);
    }];
}

- (void)clear
{
    [self.storage removeAllObjects];
    [[NSUserDefaults standardUserDefaults] removeObjectForKey:DDSelectedAddressKey];
    [[NSFileManager defaultManager] removeItemAtURL:self.fileURL error:NULL];
}

- (void)persist
{
    NSArray *json = [self.storage valueForKey:@"JSONRepresentation"];
    NSData *data = [NSJSONSerialization dataWithJSONObject:json options:0 error:NULL];
    NSError *error = nil;
    if (![data writeToURL:self.fileURL options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete error:&error]) {
        DDLogError("Address book write failed: %{public}@", error.localizedDescription);
    }
}

@end
