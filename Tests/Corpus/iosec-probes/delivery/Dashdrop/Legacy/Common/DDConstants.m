//
//  DDConstants.m
//  Dashdrop
//

#import "DDConstants.h"

#if DD_ENV_STAGING
NSString * const DDAPIBaseURLString        = @"https://api.staging.dashdrop.com/v3/";
NSString * const DDTrackingSocketURLString = @"wss://realtime.staging.dashdrop.com/courier";
NSString * const DDStripePublishableKey    = @"pk_test_51NqDdZK8wWm3oQ0bT7yXjv2s9H1cRzL4eFgA6uPiY0nM3kBd";
#else
NSString * const DDAPIBaseURLString        = @"https://api.dashdrop.com/v3/";
NSString * const DDTrackingSocketURLString = @"wss://realtime.dashdrop.com/courier";
NSString * const DDStripePublishableKey    = @"pk_live_51NqDdZK8wWm3oQ0bRk2VhT5pLx7cJ9aQeYf1uGn4sD8mZ0oWb";
#endif

NSString * const DDTrackingShareBaseURLString = @"https://track.dashdrop.com/t/";
NSString * const DDMenuBaseURLString          = @"https://menus.dashdrop.com/r/";
NSString * const DDMenuHost                   = @"menus.dashdrop.com";
NSString * const DDHelpCenterURLString        = @"https://help.dashdrop.com/hc/en-us";

NSString * const DDURLScheme          = @"dashdrop";
NSString * const DDAppGroupIdentifier = @"group.com.dashdrop.ios";
NSString * const DDKeychainService    = @"com.dashdrop.ios.session";

NSNotificationName const DDSessionDidChangeNotification = @"DDSessionDidChangeNotification";
NSNotificationName const DDCartDidChangeNotification    = @"DDCartDidChangeNotification";
