//
//  HROAuthTokenRefresher.h
//  Hearth
//
//  Created by Marta Lindqvist on 20/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>
#import "HRAPIClient.h"

NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSNotificationName const HRSessionDidExpireNotification;

/// Owns the OAuth session: the access token lives in memory only, the rotating
/// refresh token in the Keychain. Concurrent refresh requests are coalesced.
@interface HROAuthTokenRefresher : NSObject <HRAccessTokenProviding>

@property (class, nonatomic, readonly) HROAuthTokenRefresher *sharedRefresher NS_SWIFT_NAME(shared);

@property (nonatomic, strong, readonly, nullable) NSDate *accessTokenExpiry;
@property (nonatomic, readonly) BOOL hasRefreshToken;

/// Stores the result of an authorization_code or refresh_token grant.
- (BOOL)storeTokenResponse:(NSDictionary<NSString *, id> *)payload;

- (void)signOut;

@end

NS_ASSUME_NONNULL_END
