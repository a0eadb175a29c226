//
//  DDSessionManager.m
//  Dashdrop
//

#import "DDSessionManager.h"
#import "DDKeychain.h"
#import "DDAPIClient.h"
#import "DDAnalytics.h"
#import <SAMKeychain/SAMKeychain.h>

static NSString * const DDAccessTokenKey   = @"access_token";
static NSString * const DDRefreshTokenKey  = @"refresh_token";
static NSString * const DDUserProfileKey   = @"user_profile";
static NSString * const DDExpiryDefaultsKey = @"dd.session.expiresAt";
static NSString * const DDSharedBearerKey  = @"ddx.auth.bearer";
static NSString * const DDSharedUserKey    = @"ddx.user.id";
static NSString * const DDDeviceService    = @"com.dashdrop.ios.device";
static NSString * const DDLoginService     = @"com.dashdrop.ios.login";

@implementation DDUser

- (nullable instancetype)initWithJSON:(NSDictionary *)json
{
    NSString *identifier = DD_STRING(json[@"id"]);
    NSString *email = DD_STRING(json[@"email"]);
    if (identifier.length == 0 || email.length == 0) {
        return nil;
    }
    if ((self = [super init])) {
        _userIdentifier = [identifier copy];
        _email = [email copy];
        _firstName = [DD_STRING(json[@"first_name"]) copy] ?: @"";
        _phoneNumber = [DD_STRING(json[@"phone"]) copy];
        _loyaltyTier = [DD_STRING(json[@"loyalty_tier"]) copy] ?: @"standard";
        _homeMarket = [DD_STRING(json[@"market"]) copy];
        _JSONRepresentation = [json copy];
    }
    return self;
}

@end

@implementation DDSession

- (nullable instancetype)initWithJSON:(NSDictionary *)json
{
    NSString *access = DD_STRING(json[@"access_token"]);
    NSString *refresh = DD_STRING(json[@"refresh_token"]);
    NSNumber *expiresIn = DD_NUMBER(json[@"expires_in"]);
    NSDictionary *userJSON = [json[@"user"] isKindOfClass:[NSDictionary class]] ? json[@"user"] : nil;
    DDUser *user = userJSON ? [[DDUser alloc] initWithJSON:userJSON] : nil;
    if (access.length == 0 || refresh.length == 0 || user == nil) {
        return nil;
    }
    NSDate *expiry = [NSDate dateWithTimeIntervalSinceNow:expiresIn ? expiresIn.doubleValue : 3600.0];
    return [self initWithAccessToken:access refreshToken:refresh expiresAt:expiry user:user];
}

- (instancetype)initWithAccessToken:(NSString *)accessToken
                       refreshToken:(NSString *)refreshToken
                          expiresAt:(NSDate *)expiresAt
                               user:(DDUser *)user
{
    if ((self = [super init])) {
        _accessToken = [accessToken copy];
        _refreshToken = [refreshToken copy];
        _expiresAt = expiresAt;
        _user = user;
    }
    return self;
}

- (BOOL)isExpired
{
    return [self.expiresAt timeIntervalSinceNow] < DDTokenRefreshLeeway;
}

@end

#pragma mark -

@interface DDSessionManager ()
@property (nonatomic, strong, readwrite, nullable) DDSession *currentSession;
@property (nonatomic, strong) NSMutableArray<DDSessionCompletion> *pendingRefreshes;
@end

@implementation DDSessionManager

+ (instancetype)sharedManager
{
    static DDSessionManager *shared;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ shared = [[self alloc] init]; });
    return shared;
}

- (instancetype)init
{
    if ((self = [super init])) {
        _pendingRefreshes = [NSMutableArray array];
        [SAMKeychain setAccessibilityType:kSecAttrAccessibleWhenUnlockedThisDeviceOnly];
    }
    return self;
}

- (BOOL)isLoggedIn
{
    return self.currentSession != nil;
}

- (NSString *)installationIdentifier
{
    NSString *stored = [SAMKeychain passwordForService:DDDeviceService account:@"installation_id"];
    if (stored.length == 0) {
        stored = [[NSUUID UUID] UUIDString];
        [SAMKeychain setPassword:stored forService:DDDeviceService account:@"installation_id"];
    }
    return stored;
}

- (nullable NSString *)rememberedEmail
{
    return [SAMKeychain passwordForService:DDLoginService account:@"remembered_email"];
}

#pragma mark - Restore / login

- (void)restoreSession
{
    NSData *access = [DDKeychain dataForKey:DDAccessTokenKey];
    NSData *refresh = [DDKeychain dataForKey:DDRefreshTokenKey];
    NSData *profile = [DDKeychain dataForKey:DDUserProfileKey];
    NSDictionary *json = profile ? [NSJSONSerialization JSONObjectWithData:profile options:0 error:NULL] : nil;
    DDUser *user = [json isKindOfClass:[NSDictionary class]] ? [[DDUser alloc] initWithJSON:json] : nil;
    if (access == nil || refresh == nil || user == nil) {
        DDLogInfo("No stored session to restore");
        return;
    }
    NSDate *expiry = [[NSUserDefaults standardUserDefaults] objectForKey:DDExpiryDefaultsKey] ?: [NSDate distantPast];
    self.currentSession = [[DDSession alloc] initWithAccessToken:[[NSString alloc] initWithData:access encoding:NSUTF8StringEncoding]
                                                    refreshToken:[[NSString alloc] initWithData:refresh encoding:NSUTF8StringEncoding]
                                                       expiresAt:expiry
                                                            user:user];
    [[DDAnalytics shared] identifyUser:user];
    DDLogDebug(@"Restored session %@, access token %@", self.currentSession, self.currentSession.accessToken);
}

- (void)loginWithEmail:(NSString *)email password:(NSString *)password completion:(DDSessionCompletion)completion
{
    NSDictionary *body = @{ @"grant_type": @"password", @"email": email, @"password": password,
                            @"device_id": self.installationIdentifier };
    [[DDAPIClient sharedClient] POST:@"auth/token" parameters:body authenticated:NO completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        NSLog(@"[Session] login finished with HTTP %ld", (long)response.statusCode);
        DDSession *session = [json isKindOfClass:[NSDictionary class]] ? [[DDSession alloc] initWithJSON:json] : nil;
        if (session == nil) {
            completion(nil, error ?: [self sessionError]);
            return;
        }
        [SAMKeychain setPassword:email forService:DDLoginService account:@"remembered_email"];
        [self persistSession:session];
        completion(session, nil);
    }];
}

#pragma mark - Refresh

- (void)refreshSessionWithCompletion:(DDSessionCompletion)completion
{
    NSAssert([NSThread isMainThread], @"refresh must be requested on the main thread");
    [self.pendingRefreshes addObject:[completion copy]];
    if (self.pendingRefreshes.count > 1) {
        return;
    }
    NSDictionary *body = @{ @"grant_type": @"refresh_token", @"refresh_token": self.currentSession.refreshToken ?: @"" };
    [[DDAPIClient sharedClient] POST:@"auth/token" parameters:body authenticated:NO completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        DDSession *session = [json isKindOfClass:[NSDictionary class]] ? [[DDSession alloc] initWithJSON:json] : nil;
        if (session) {
            DDLogDebug(@"Token refreshed: %@", session.accessToken);
            [self persistSession:session];
        } else if (response.statusCode == 400 || response.statusCode == 401) {
            NSLog(@"[Session] refresh rejected (%ld), signing out", (long)response.statusCode);
            [self logout];
        }
        NSArray<DDSessionCompletion> *callbacks = [self.pendingRefreshes copy];
        [self.pendingRefreshes removeAllObjects];
        for (DDSessionCompletion callback in callbacks) {
            callback(session, session ? nil : (error ?: [self sessionError]));
        }
    }];
}

- (void)fetchValidAccessToken:(void (^)(NSString * _Nullable, NSError * _Nullable))completion
{
    DDSession *session = self.currentSession;
    if (session && !session.isExpired) {
        completion(session.accessToken, nil);
    } else if (session) {
        [self refreshSessionWithCompletion:^(DDSession *refreshed, NSError *error) {
            completion(refreshed.accessToken, error);
        }];
    } else {
        completion(nil, [self sessionError]);
    }
}

#pragma mark - Persistence

- (void)persistSession:(DDSession *)session
{
    [DDKeychain setData:[session.accessToken dataUsingEncoding:NSUTF8StringEncoding]
                 forKey:DDAccessTokenKey
          accessibility:kSecAttrAccessibleWhenUnlockedThisDeviceOnly];
    // Silent pushes may trigger a refresh while locked (after first unlock).
    [DDKeychain setData:[session.refreshToken dataUsingEncoding:NSUTF8StringEncoding]
                 forKey:DDRefreshTokenKey
          accessibility:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly];
    NSData *profile = [NSJSONSerialization dataWithJSONObject:session.user.JSONRepresentation options:0 error:NULL];
    if (profile) {
        [DDKeychain setData:profile forKey:DDUserProfileKey accessibility:kSecAttrAccessibleWhenUnlockedThisDeviceOnly];
    }
    [[NSUserDefaults standardUserDefaults] setObject:session.expiresAt forKey:DDExpiryDefaultsKey];

    // The notification service extension fetches courier photos for rich pushes.
    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:DDAppGroupIdentifier];
    [shared setObject:session.accessToken forKey:DDSharedBearerKey];
    [shared setObject:session.user.userIdentifier forKey:DDSharedUserKey];

    self.currentSession = session;
    [[DDAnalytics shared] identifyUser:session.user];
    [[NSNotificationCenter defaultCenter] postNotificationName:DDSessionDidChangeNotification object:self];
}

- (void)logout
{
    for (NSString *key in @[DDAccessTokenKey, DDRefreshTokenKey, DDUserProfileKey]) {
        [DDKeychain removeItemForKey:key];
    }
    [[NSUserDefaults standardUserDefaults] removeObjectForKey:DDExpiryDefaultsKey];
    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:DDAppGroupIdentifier];
    [shared removeObjectForKey:DDSharedBearerKey];
    [shared removeObjectForKey:DDSharedUserKey];

    self.currentSession = nil;
    [[DDAnalytics shared] resetUser];
    [[NSNotificationCenter defaultCenter] postNotificationName:DDSessionDidChangeNotification object:self];
}

- (NSError *)sessionError
{
    return [NSError errorWithDomain:@"com.dashdrop.session" code:-1
                           userInfo:@{NSLocalizedDescriptionKey: NSLocalizedString(@"Please sign in again.", nil)}];
}

@end
