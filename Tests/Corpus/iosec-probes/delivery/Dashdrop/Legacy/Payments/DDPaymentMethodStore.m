//
//  DDPaymentMethodStore.m
//  Dashdrop
//

#import "DDPaymentMethodStore.h"

static NSString * const DDPaymentDefaultsKey = @"dd.payment.defaultMethod";

@implementation DDSavedPaymentMethod

- (instancetype)initWithIdentifier:(NSString *)identifier brand:(NSString *)brand last4:(NSString *)last4
{
    if ((self = [super init])) {
        _paymentMethodIdentifier = [identifier copy];
        _brand = [brand copy];
        _last4 = [last4 copy];
    }
    return self;
}

- (NSString *)displayName
{
    return [NSString stringWithFormat:@"%@ \u2022\u2022\u2022\u2022 %@", self.brand, self.last4];
}

@end

@implementation DDPaymentMethodStore

+ (instancetype)sharedStore
{
    static DDPaymentMethodStore *store;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ store = [[self alloc] init]; });
    return store;
}

- (nullable DDSavedPaymentMethod *)defaultMethod
{
    NSDictionary *stored = [[NSUserDefaults standardUserDefaults] dictionaryForKey:DDPaymentDefaultsKey];
    NSString *identifier = DD_STRING(stored[@"pm"]);
    NSString *last4 = DD_STRING(stored[@"last4"]);
    if (identifier.length == 0 || last4.length != 4) {
        return nil;
    }
    return [[DDSavedPaymentMethod alloc] initWithIdentifier:identifier brand:DD_STRING(stored[@"brand"]) ?: @"Card" last4:last4];
}

- (void)saveDefaultMethod:(DDSavedPaymentMethod *)method
{
    NSDictionary *record = @{ @"pm": method.paymentMethodIdentifier, @"brand": method.brand, @"last4": method.last4 };
    [[NSUserDefaults standardUserDefaults] setObject:record forKey:DDPaymentDefaultsKey];
    DDLogInfo("Default card is now %{public}@ ending %{public}@", method.brand, method.last4);
}

- (void)clear
{
    [[NSUserDefaults standardUserDefaults] removeObjectForKey:DDPaymentDefaultsKey];
}

@end
