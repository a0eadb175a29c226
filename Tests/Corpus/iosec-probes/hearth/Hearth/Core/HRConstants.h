//
//  HRConstants.h
//  Hearth
//
//  Created by Marta Lindqvist on 14/03/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Defines a lazily created, process-wide instance accessor.
#define HR_SHARED_INSTANCE(type, accessor, expression)       \
    + (type *)accessor {                                     \
        static type *_sharedInstance;                        \
        static dispatch_once_t _onceToken;                   \
        dispatch_once(&_onceToken, ^{                        \
            _sharedInstance = (expression);                  \
        });                                                  \
        return _sharedInstance;                              \
    }

#pragma mark - Sharing

static NSString * const HRAppGroupIdentifier           = @"group.com.hearthlabs.hearth";

#pragma mark - Keychain item identifiers

static NSString * const HRKeychainServiceOAuth          = @"com.hearthlabs.hearth.oauth";
static NSString * const HRKeychainServiceHubCredentials = @"com.hearthlabs.hearth.hub";
static NSString * const HRKeychainAccountRefreshToken   = @"refresh_token";

#pragma mark - Cloud

static NSString * const HRCloudAPIBaseURLString   = @"https://api.hearth-home.com/v2/";
static NSString * const HRCloudAuthBaseURLString  = @"https://auth.hearth-home.com/";
static NSString * const HRFirmwareCDNHost         = @"firmware.hearth-home.com";

/// Public OAuth client (authorization code + PKCE). There is no client secret.
static NSString * const HROAuthClientIdentifier   = @"hearth-ios-7f3c2a91";

#pragma mark - Hub protocol

static NSString * const HRHubServiceType          = @"_hearth-hub._tcp";
static NSString * const HRHubAuthHeaderField      = @"X-Hearth-Hub-Key";
static NSString * const HRHubProtocolVersion      = @"3";
static const NSInteger  HRHubDefaultPort          = 8443;

#pragma mark - NSUserDefaults keys

static NSString * const HRDefaultsSelectedHubIdentifier = @"HRSelectedHubIdentifier";
static NSString * const HRDefaultsLastTokenRefreshDate  = @"HRLastTokenRefreshDate";
static NSString * const HRDefaultsPushTokenRegistered   = @"HRPushTokenRegistered";
static NSString * const HRDefaultsAnalyticsOptIn        = @"HRAnalyticsOptIn";

#pragma mark - Errors

static NSString * const HRErrorDomain = @"com.hearthlabs.hearth";

typedef NS_ERROR_ENUM(HRErrorDomain, HRErrorCode) {
    HRErrorCodeNotSignedIn        = 1001,
    HRErrorCodeTokenRejected      = 1002,
    HRErrorCodeBadResponse        = 1003,
    HRErrorCodeHubNotPaired       = 2001,
    HRErrorCodeHubUntrusted       = 2002,
    HRErrorCodeHubRejected        = 2003,
    HRErrorCodeDatabase           = 3001,
    HRErrorCodeFirmwareDigest     = 4001,
};

NS_ASSUME_NONNULL_END
