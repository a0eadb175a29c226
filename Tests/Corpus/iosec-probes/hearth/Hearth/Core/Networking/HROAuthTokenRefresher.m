//
//  HROAuthTokenRefresher.m
//  Hearth
//
//  Created by Marta Lindqvist on 20/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HROAuthTokenRefresher.h"
#import "HRConstants.h"
#import "HRKeychain.h"
#import "HRLogging.h"

NSNotificationName const HRSessionDidExpireNotification = @"HRSessionDidExpireNotification";

static const NSTimeInterval HRAccessTokenDefaultLifetime = 3600.0;

@interface HROAuthTokenRefresher ()
@property (nonatomic, strong) dispatch_queue_t queue;
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, strong) NSMutableArray<HRAccessTokenCompletion> *pendingCompletions;
@property (nonatomic, assign) BOOL refreshInFlight;
@property (nonatomic, copy, nullable) NSString *accessToken;
@property (nonatomic, strong, readwrite, nullable) NSDate *accessTokenExpiry;
@end

@implementation HROAuthTokenRefresher

HR_SHARED_INSTANCE(HROAuthTokenRefresher, sharedRefresher, [[HROAuthTokenRefresher alloc] init])

- (instancetype)init
{
    if ((self = [super init])) {
        _queue = dispatch_queue_create("com.hearthlabs.hearth.oauth", DISPATCH_QUEUE_SERIAL);
        dispatch_queue_set_specific(_queue, (__bridge void *)self, (__bridge void *)self, NULL);
        _pendingCompletions = [NSMutableArray array];
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration];
        configuration.timeoutIntervalForRequest = 15.0;
        _session = [NSURLSession sessionWithConfiguration:configuration];
    }
    return self;
}

#pragma mark - HRAccessTokenProviding

- (NSString *)currentAccessToken
{
    __block NSString *token = nil;
    dispatch_sync(self.queue, ^{
        if (self.accessToken && [self.accessTokenExpiry timeIntervalSinceNow] > 30.0) {
            token = self.accessToken;
        }
    });
    return token;
}

- (BOOL)hasRefreshToken
{
    return [[HRKeychain oauthKeychain] dataForAccount:HRKeychainAccountRefreshToken error:NULL] != nil;
}

- (void)refreshAccessTokenWithCompletion:(HRAccessTokenCompletion)completion
{
    dispatch_async(self.queue, ^{
        [self.pendingCompletions addObject:[completion copy]];
        if (self.refreshInFlight) {
            return;
        }

        NSString *refreshToken = [[HRKeychain oauthKeychain] stringForAccount:HRKeychainAccountRefreshToken error:NULL];
        if (refreshToken.length == 0) {
            [self finishWithToken:nil error:[NSError errorWithDomain:HRErrorDomain code:HRErrorCodeNotSignedIn userInfo:nil]];
            return;
        }

        self.refreshInFlight = YES;
        NSURLRequest *request = [self refreshRequestWithRefreshToken:refreshToken];
        [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
            dispatch_async(self.queue, ^{
                [self handleRefreshData:data response:(NSHTTPURLResponse *)response error:error];
            });
        }] resume];
    });
}

#pragma mark - Token storage

- (BOOL)storeTokenResponse:(NSDictionary<NSString *, id> *)payload
{
    NSString *accessToken = payload[@"access_token"];
    NSString *refreshToken = payload[@"refresh_token"];
    if (![accessToken isKindOfClass:NSString.class]) {
        return NO;
    }

    NSTimeInterval lifetime = [payload[@"expires_in"] respondsToSelector:@selector(doubleValue)]
        ? [payload[@"expires_in"] doubleValue]
        : HRAccessTokenDefaultLifetime;

    void (^store)(void) = ^{
        self.accessToken = accessToken;
        self.accessTokenExpiry = [NSDate dateWithTimeIntervalSinceNow:lifetime];
    };
    if (dispatch_get_specific((__bridge void *)self) != NULL) {
        store();
    } else {
        dispatch_sync(self.queue, store);
    }

    // Refresh tokens rotate on every use; the server only returns a new one when
    // the previous one has been consumed.
    if ([refreshToken isKindOfClass:NSString.class] && refreshToken.length > 0) {
        NSError *error = nil;
        if (![[HRKeychain oauthKeychain] setString:refreshToken forAccount:HRKeychainAccountRefreshToken error:&error]) {
            HRLogError(HRLogCategoryAuth, @"Could not persist refresh token: %ld", (long)error.code);
            return NO;
        }
    }

    [[NSUserDefaults standardUserDefaults] setObject:[NSDate date] forKey:HRDefaultsLastTokenRefreshDate];
    return YES;
}

- (void)signOut
{
    dispatch_sync(self.queue, ^{
        self.accessToken = nil;
        self.accessTokenExpiry = nil;
    });
    [[HRKeychain oauthKeychain] removeAllItems:NULL];
    [[NSUserDefaults standardUserDefaults] removeObjectForKey:HRDefaultsLastTokenRefreshDate];
}

#pragma mark - Private

- (NSURLRequest *)refreshRequestWithRefreshToken:(NSString *)refreshToken
{
    NSURL *url = [NSURL URLWithString:@"oauth/token" relativeToURL:[NSURL URLWithString:HRCloudAuthBaseURLString]];
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url];
    request.HTTPMethod = @"POST";
    [request setValue:@"application/x-www-form-urlencoded" forHTTPHeaderField:@"Content-Type"];

    NSURLComponents *form = [[NSURLComponents alloc] init];
    form.queryItems = @[
        [NSURLQueryItem queryItemWithName:@"grant_type" value:@"refresh_token"],
        [NSURLQueryItem queryItemWithName:@"refresh_token" value:refreshToken],
        [NSURLQueryItem queryItemWithName:@"client_id" value:HROAuthClientIdentifier],
    ];
    request.HTTPBody = [form.percentEncodedQuery dataUsingEncoding:NSUTF8StringEncoding];
    return request;
}

- (void)handleRefreshData:(NSData *)data response:(NSHTTPURLResponse *)response error:(NSError *)error
{
    self.refreshInFlight = NO;

    if (error) {
        HRLogError(HRLogCategoryAuth, @"Token refresh transport error %@/%ld", error.domain, (long)error.code);
        [self finishWithToken:nil error:error];
        return;
    }

    NSDictionary *payload = data.length > 0 ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
    HRLogInfo(HRLogCategoryAuth, @"Token endpoint responded %ld: %@", (long)response.statusCode, payload);

    if (response.statusCode == 400 && [payload[@"error"] isEqual:@"invalid_grant"]) {
        // Refresh token revoked or already used by another device restore.
        self.accessToken = nil;
        self.accessTokenExpiry = nil;
        [[HRKeychain oauthKeychain] removeItemForAccount:HRKeychainAccountRefreshToken error:NULL];
        dispatch_async(dispatch_get_main_queue(), ^{
            [[NSNotificationCenter defaultCenter] postNotificationName:HRSessionDidExpireNotification object:self];
        });
        [self finishWithToken:nil error:[NSError errorWithDomain:HRErrorDomain code:HRErrorCodeTokenRejected userInfo:nil]];
        return;
    }

    if (response.statusCode != 200 || ![payload isKindOfClass:NSDictionary.class]) {
        [self finishWithToken:nil error:[NSError errorWithDomain:HRErrorDomain code:HRErrorCodeBadResponse userInfo:nil]];
        return;
    }

    BOOL stored = [self storeTokenResponse:payload];
    [self finishWithToken:stored ? self.accessToken : nil
                    error:stored ? nil : [NSError errorWithDomain:HRErrorDomain code:HRErrorCodeBadResponse userInfo:nil]];
}

- (void)finishWithToken:(NSString *)token error:(NSError *)error
{
    NSArray<HRAccessTokenCompletion> *completions = [self.pendingCompletions copy];
    [self.pendingCompletions removeAllObjects];
    for (HRAccessTokenCompletion completion in completions) {
        completion(token, error);
    }
}

@end
