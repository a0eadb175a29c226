//
//  DDAnalytics.m
//  Dashdrop
//

#import "DDAnalytics.h"
#import "DDSessionManager.h"

@import FirebaseAnalytics;
@import FirebaseCrashlytics;

@implementation DDAnalytics

+ (instancetype)shared
{
    static DDAnalytics *instance;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ instance = [[self alloc] init]; });
    return instance;
}

- (void)identifyUser:(DDUser *)user
{
    [FIRAnalytics setUserID:user.userIdentifier];
    [FIRAnalytics setUserPropertyString:user.loyaltyTier forName:@"loyalty_tier"];
    [FIRAnalytics setUserPropertyString:user.homeMarket forName:@"home_market"];
    [FIRAnalytics setUserPropertyString:user.email forName:@"crm_contact"];
    [[FIRCrashlytics crashlytics] setUserID:user.userIdentifier];
}

- (void)resetUser
{
    [FIRAnalytics setUserID:nil];
    for (NSString *property in @[@"loyalty_tier", @"home_market", @"crm_contact"]) {
        [FIRAnalytics setUserPropertyString:nil forName:property];
    }
    [FIRAnalytics resetAnalyticsData];
    [[FIRCrashlytics crashlytics] setUserID:@""];
}

- (void)logEvent:(NSString *)name parameters:(nullable NSDictionary<NSString *, id> *)parameters
{
    [FIRAnalytics logEventWithName:name parameters:parameters];
    DDLogDebug(@"analytics %@ %@", name, parameters);
}

- (void)logScreen:(NSString *)screenName
{
    [self logEvent:kFIREventScreenView parameters:@{ kFIRParameterScreenName: screenName }];
    [[FIRCrashlytics crashlytics] log:[@"screen: " stringByAppendingString:screenName]];
}

- (void)logOrderPlaced:(NSString *)orderIdentifier
          restaurantID:(NSString *)restaurantIdentifier
           totalAmount:(NSDecimalNumber *)total
              currency:(NSString *)currency
             promoCode:(nullable NSString *)promoCode
{
    NSMutableDictionary *params = [@{
        kFIRParameterTransactionID: orderIdentifier,
        kFIRParameterAffiliation: restaurantIdentifier,
        kFIRParameterValue: @(total.doubleValue),
        kFIRParameterCurrency: currency,
    } mutableCopy];
    params[kFIRParameterCoupon] = promoCode;
    [self logEvent:kFIREventPurchase parameters:params];
    [self setCrashKey:@"last_order_id" value:orderIdentifier];
}

- (void)setCrashKey:(NSString *)key value:(nullable id)value
{
    [[FIRCrashlytics crashlytics] setCustomValue:value forKey:key];
}

- (void)recordNonFatal:(NSError *)error
{
    [[FIRCrashlytics crashlytics] recordError:error];
}

@end
