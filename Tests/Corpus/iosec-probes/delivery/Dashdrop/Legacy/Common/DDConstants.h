//
//  DDConstants.h
//  Dashdrop
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSString * const DDAPIBaseURLString;
FOUNDATION_EXPORT NSString * const DDTrackingSocketURLString;
FOUNDATION_EXPORT NSString * const DDTrackingShareBaseURLString;
FOUNDATION_EXPORT NSString * const DDMenuBaseURLString;
FOUNDATION_EXPORT NSString * const DDMenuHost;
FOUNDATION_EXPORT NSString * const DDHelpCenterURLString;

FOUNDATION_EXPORT NSString * const DDURLScheme;
FOUNDATION_EXPORT NSString * const DDAppGroupIdentifier;
FOUNDATION_EXPORT NSString * const DDKeychainService;
FOUNDATION_EXPORT NSString * const DDStripePublishableKey;

FOUNDATION_EXPORT NSNotificationName const DDSessionDidChangeNotification;
FOUNDATION_EXPORT NSNotificationName const DDCartDidChangeNotification;

static const NSTimeInterval DDDefaultRequestTimeout = 20.0;
static const NSTimeInterval DDTokenRefreshLeeway    = 60.0;
static const NSUInteger     DDMaxSavedAddresses     = 10;

NS_ASSUME_NONNULL_END
