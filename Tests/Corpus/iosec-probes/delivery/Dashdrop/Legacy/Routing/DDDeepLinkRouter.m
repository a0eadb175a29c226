//
//  DDDeepLinkRouter.m
//  Dashdrop
//

#import "DDDeepLinkRouter.h"
#import "DDAnalytics.h"
#import "DDSessionManager.h"
#import "DDMenuWebViewController.h"
#import "DDWebContentViewController.h"
#import "Dashdrop-Swift.h"

@interface DDDeepLinkRouter ()
@property (nonatomic, strong, nullable) NSURL *pendingURL;
@end

@implementation DDDeepLinkRouter

+ (instancetype)sharedRouter
{
    static DDDeepLinkRouter *router;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ router = [[self alloc] init]; });
    return router;
}

+ (BOOL)string:(nullable NSString *)string matches:(NSString *)pattern
{
    return string.length > 0 && [string rangeOfString:pattern options:NSRegularExpressionSearch].length == string.length;
}

+ (BOOL)isValidOrderIdentifier:(nullable NSString *)identifier
{
    return [self string:identifier matches:@"^[A-Z0-9]{8,16}$"];
}

- (BOOL)handleUserActivity:(NSUserActivity *)userActivity
{
    NSURL *url = userActivity.webpageURL;
    NSArray<NSString *> *parts = url.pathComponents;
    if (![userActivity.activityType isEqualToString:NSUserActivityTypeBrowsingWeb] || parts.count != 3) {
        return NO;
    }
    if ([url.host isEqualToString:@"dashdrop.com"] && [parts[1] isEqualToString:@"o"]) {
        return [self handleURL:[NSURL URLWithString:[NSString stringWithFormat:@"%@://order/%@", DDURLScheme, parts[2]]]];
    }
    if ([url.host isEqualToString:@"track.dashdrop.com"] && [parts[1] isEqualToString:@"t"]) {
        return [self handleURL:[NSURL URLWithString:[NSString stringWithFormat:@"%@://track/%@", DDURLScheme, parts[2]]]];
    }
    return NO;
}

- (BOOL)handleURL:(NSURL *)url
{
    if (![url.scheme.lowercaseString isEqualToString:DDURLScheme]) {
        return NO;
    }
    if (self.navigationController == nil) {
        self.pendingURL = url;
        return YES;
    }
    NSString *host = url.host.lowercaseString;
    NSString *argument = url.pathComponents.count > 1 ? url.pathComponents[1] : nil;
    NSMutableDictionary<NSString *, NSString *> *query = [NSMutableDictionary dictionary];
    for (NSURLQueryItem *item in [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO].queryItems) {
        query[item.name] = item.value;
    }
    DDLogInfo("Deep link host=%{public}@ arg=%{public}@", host, argument);
    [[DDAnalytics shared] logEvent:@"deep_link_opened" parameters:@{ @"route": host ?: @"none" }];

    UIViewController *destination = nil;
    if ([host isEqualToString:@"order"]) {
        NSString *orderID = argument.uppercaseString;
        if (![[self class] isValidOrderIdentifier:orderID]) return NO;
        if (![DDSessionManager sharedManager].isLoggedIn) {
            self.pendingURL = url;          // replayed after login
            return YES;
        }
        destination = [[OrderTrackingViewController alloc] initWithOrderID:orderID deliveryToken:nil];
    } else if ([host isEqualToString:@"track"]) {
        if (![[self class] string:argument matches:@"^[A-Za-z0-9_-]{22,64}$"]) return NO;
        DDLogInfo("Opening shared tracking link %{public}@%{public}@", DDTrackingShareBaseURLString, argument);
        destination = [[OrderTrackingViewController alloc] initWithOrderID:nil deliveryToken:argument];
    } else if ([host isEqualToString:@"restaurant"]) {
        if (![[self class] string:argument matches:@"^[0-9]{1,10}$"]) return NO;
        destination = [[DDMenuWebViewController alloc] initWithRestaurantIdentifier:argument];
    } else if ([host isEqualToString:@"promo"]) {
        NSString *code = query[@"code"].uppercaseString;
        if ([[self class] string:code matches:@"^[A-Z0-9]{4,16}$"]) {
            [[NSUserDefaults standardUserDefaults] setObject:code forKey:@"dd.checkout.pendingPromo"];
            NSLog(@"[DeepLink] staged promo %@", code);
        }
        NSURL *landing = query[@"landing"].length ? [NSURL URLWithString:query[@"landing"]] : nil;
        if (landing) {
            destination = [[DDWebContentViewController alloc] initWithURL:landing title:nil];
        }
    } else if ([host isEqualToString:@"help"]) {
        destination = [[DDWebContentViewController alloc] initWithURL:[NSURL URLWithString:DDHelpCenterURLString]
                                                                title:NSLocalizedString(@"Help", nil)];
    }

    if (destination) {
        [self.navigationController pushViewController:destination animated:YES];
    }
    return destination != nil || [host isEqualToString:@"promo"];
}

- (void)flushPendingLink
{
    NSURL *pending = self.pendingURL;
    self.pendingURL = nil;
    if (pending) {
        [self handleURL:pending];
    }
}

@end
