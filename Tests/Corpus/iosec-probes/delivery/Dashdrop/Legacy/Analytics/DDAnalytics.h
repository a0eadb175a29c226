//
//  DDAnalytics.h
//  Dashdrop
//
//  Single entry point for Firebase Analytics + Crashlytics.
//

#import <Foundation/Foundation.h>

@class DDUser;

NS_ASSUME_NONNULL_BEGIN

NS_SWIFT_NAME(AnalyticsTracker)
@interface DDAnalytics : NSObject

+ (instancetype)shared;

- (void)identifyUser:(DDUser *)user;
- (void)resetUser;
- (void)logEvent:(NSString *)name parameters:(nullable NSDictionary<NSString *, id> *)parameters NS_SWIFT_NAME(log(_:parameters:));
- (void)logScreen:(NSString *)screenName;
- (void)logOrderPlaced:(NSString *)orderIdentifier
          restaurantID:(NSString *)restaurantIdentifier
           totalAmount:(NSDecimalNumber *)total
              currency:(NSString *)currency
             promoCode:(nullable NSString *)promoCode;
- (void)setCrashKey:(NSString *)key value:(nullable id)value;
- (void)recordNonFatal:(NSError *)error;

@end

NS_ASSUME_NONNULL_END
