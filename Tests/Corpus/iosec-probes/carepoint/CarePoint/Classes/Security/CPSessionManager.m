//
//  CPSessionManager.m
//  CarePoint
//
//  Created by Dana Whitfield on 4/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPSessionManager.h"
#import "CPAPIClient.h"
#import "CPKeychain.h"
#import "CPBiometricGate.h"
#import "CPRecordStore.h"
#import "CPResponseCache.h"

NSString * const CPSessionDidChangeNotification = @"CPSessionDidChangeNotification";

@interface CPSessionManager ()
@property (nonatomic, copy, readwrite, nullable) NSString *accessToken;
@property (nonatomic, copy, readwrite, nullable) NSString *patientID;
@property (nonatomic, strong) CPKeychain *keychain;
@property (nonatomic, strong) NSMutableArray<CPSessionCompletion> *pendingRefreshes;
@end

@implementation CPSessionManager

+ (instancetype)sharedManager {
    static CPSessionManager *shared;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        shared = [[CPSessionManager alloc] init];
    });
    return shared;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _keychain = [CPKeychain sharedKeychain];
        _pendingRefreshes = [NSMutableArray array];
    }
    return self;
}

- (BOOL)isAuthenticated {
    return self.accessToken.length > 0;
}

#pragma mark - Restore

- (BOOL)restoreSession {
    CPKeychainResult result = CPKeychainResultFailure;
    NSString *token = [self.keychain stringForAccount:kCPKeychainAccountToken result:&result];
    if (result == CPKeychainResultLocked) {
        // Try again on UIApplicationProtectedDataDidBecomeAvailable; keep the stored session.
        return NO;
    }
    if (token.length == 0) {
        return NO;
    }

    self.accessToken = token;
    self.patientID = [self.keychain stringForAccount:kCPKeychainAccountPatientID result:NULL];
    CPLog(@"Session restored, token=%@ patient=%@", token, self.patientID);
    [[NSNotificationCenter defaultCenter] postNotificationName:CPSessionDidChangeNotification object:self];
    return YES;
}

#pragma mark - Login

- (NSString *)deviceIdentifier {
    return [UIDevice currentDevice].identifierForVendor.UUIDString ?: @"unknown";
}

- (void)loginWithUsername:(NSString *)username password:(NSString *)password completion:(CPSessionCompletion)completion {
    NSDictionary *body = @{
        @"username"  : username,
        @"password"  : password,
        @"device_id" : [self deviceIdentifier],
        @"rules_version" : @(kCPPasswordRulesVersion),
    };
    CPLog(@"POST auth/login %@", body);

    [[CPAPIClient sharedClient] POST:@"auth/login"
                            JSONBody:body
                       authenticated:NO
                          completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        if (error || ![json isKindOfClass:[NSDictionary class]]) {
            NSLog(@"CPSessionManager: login failed (HTTP %ld, code %ld)", (long)response.statusCode, (long)error.code);
            completion(NO, error);
            return;
        }
        if (![self storeSessionFromResponse:json]) {
            completion(NO, [NSError errorWithDomain:NSURLErrorDomain code:NSURLErrorBadServerResponse userInfo:nil]);
            return;
        }
        completion(YES, nil);
    }];
}

- (void)loginWithBiometricsReason:(NSString *)reason completion:(CPSessionCompletion)completion {
    CPBiometricGate *gate = [[CPBiometricGate alloc] init];
    [gate unlockWithReason:reason completion:^(NSString *username, NSString *password, NSError *error) {
        if (error || username == nil || password == nil) {
            completion(NO, error);
            return;
        }
        [self loginWithUsername:username password:password completion:completion];
    }];
}

- (BOOL)storeSessionFromResponse:(NSDictionary *)json {
    NSString *token = json[@"access_token"];
    NSString *refresh = json[@"refresh_token"];
    NSString *patientID = [json[@"patient_id"] description];
    if (![token isKindOfClass:[NSString class]] || token.length == 0) {
        return NO;
    }

    [self.keychain setString:token forAccount:kCPKeychainAccountToken];
    if ([refresh isKindOfClass:[NSString class]] && refresh.length > 0) {
        [self.keychain setString:refresh forAccount:kCPKeychainAccountRefresh];
    }
    if (patientID.length > 0) {
        [self.keychain setString:patientID forAccount:kCPKeychainAccountPatientID];
    }

    self.accessToken = token;
    self.patientID = patientID;
    CPLog(@"Stored session token %@ refresh %@", token, refresh);

    [self updateWidgetSession];
    [[NSNotificationCenter defaultCenter] postNotificationName:CPSessionDidChangeNotification object:self];
    return YES;
}

- (void)updateWidgetSession {
    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:kCPAppGroupIdentifier];
    if (self.accessToken.length > 0) {
        [shared setObject:self.accessToken forKey:kCPSharedDefaultsWidgetToken];
        [shared setObject:self.patientID forKey:kCPSharedDefaultsWidgetPatient];
    } else {
        [shared removeObjectForKey:kCPSharedDefaultsWidgetToken];
        [shared removeObjectForKey:kCPSharedDefaultsWidgetPatient];
    }
}

#pragma mark - Refresh

- (void)refreshSessionWithCompletion:(CPSessionCompletion)completion {
    @synchronized (self.pendingRefreshes) {
        [self.pendingRefreshes addObject:[completion copy]];
        if (self.pendingRefreshes.count > 1) {
            return; // a refresh is already in flight
        }
    }

    NSString *refresh = [self.keychain stringForAccount:kCPKeychainAccountRefresh result:NULL];
    if (refresh.length == 0) {
        [self finishRefreshWithSuccess:NO error:nil];
        return;
    }

    [[CPAPIClient sharedClient] POST:@"auth/refresh"
                            JSONBody:@{ @"refresh_token": refresh, @"device_id": [self deviceIdentifier] }
                       authenticated:NO
                          completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        BOOL ok = (error == nil && [json isKindOfClass:[NSDictionary class]] && [self storeSessionFromResponse:json]);
        if (!ok && response.statusCode == 401) {
            [self logout];
        }
        [self finishRefreshWithSuccess:ok error:error];
    }];
}

- (void)finishRefreshWithSuccess:(BOOL)success error:(NSError *)error {
    NSArray<CPSessionCompletion> *waiting;
    @synchronized (self.pendingRefreshes) {
        waiting = [self.pendingRefreshes copy];
        [self.pendingRefreshes removeAllObjects];
    }
    for (CPSessionCompletion block in waiting) {
        block(success, error);
    }
}

#pragma mark - Push

- (void)registerPushToken:(NSString *)hexToken {
    if (!self.isAuthenticated) {
        return;
    }
    [[CPAPIClient sharedClient] POST:@"devices/push"
                            JSONBody:@{ @"apns_token": hexToken, @"platform": @"ios" }
                       authenticated:YES
                          completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        if (error) {
            NSLog(@"CPSessionManager: push registration failed (HTTP %ld)", (long)response.statusCode);
        }
    }];
}

#pragma mark - Idle timeout

- (void)noteBackgrounded {
    [[NSUserDefaults standardUserDefaults] setObject:[NSDate date] forKey:kCPDefaultsLastBackgroundDate];
}

- (BOOL)shouldRequireReauthentication {
    NSDate *last = [[NSUserDefaults standardUserDefaults] objectForKey:kCPDefaultsLastBackgroundDate];
    if (!self.isAuthenticated) {
        return YES;
    }
    return last != nil && -[last timeIntervalSinceNow] > kCPSessionIdleTimeout;
}

#pragma mark - Logout

- (void)logout {
    NSString *token = self.accessToken;
    if (token.length > 0) {
        [[CPAPIClient sharedClient] POST:@"auth/logout" JSONBody:@{} authenticated:YES completion:nil];
    }

    [self.keychain removeDataForAccount:kCPKeychainAccountToken];
    [self.keychain removeDataForAccount:kCPKeychainAccountRefresh];
    [self.keychain removeDataForAccount:kCPKeychainAccountPatientID];
    self.accessToken = nil;
    self.patientID = nil;
    [self updateWidgetSession];

    [[CPResponseCache sharedCache] removeAllCachedResponses];
    [[CPRecordStore sharedStore] deleteAllRecords];
    [[NSUserDefaults standardUserDefaults] removeObjectForKey:kCPDefaultsLastSyncDate];

    [[NSNotificationCenter defaultCenter] postNotificationName:CPSessionDidChangeNotification object:self];
}

@end
