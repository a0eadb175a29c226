//
//  DDAppDelegate.m
//  Dashdrop
//

#import "DDAppDelegate.h"
#import "DDSessionManager.h"
#import "DDDeepLinkRouter.h"
#import "DDAddressBook.h"
#import "DDPaymentMethodStore.h"
#import "Dashdrop-Swift.h"

@import FirebaseCore;
@import StripeCore;

@implementation DDAppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
{
    [FIRApp configure];
    StripeAPI.defaultPublishableKey = DDStripePublishableKey;
    [[DDSessionManager sharedManager] restoreSession];
    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(sessionDidChange:)
                                                 name:DDSessionDidChangeNotification object:nil];
    [[PushNotificationService shared] configure];
    [application registerForRemoteNotifications];

    UINavigationController *orders = [[UINavigationController alloc] initWithRootViewController:[OrderHistoryViewFactory makeViewController]];
    orders.tabBarItem = [[UITabBarItem alloc] initWithTitle:NSLocalizedString(@"Orders", nil) image:[UIImage systemImageNamed:@"bag"] tag:0];
    UINavigationController *cart = [[UINavigationController alloc] initWithRootViewController:[CheckoutViewFactory makeViewController]];
    cart.tabBarItem = [[UITabBarItem alloc] initWithTitle:NSLocalizedString(@"Cart", nil) image:[UIImage systemImageNamed:@"cart"] tag:1];
    UITabBarController *tabs = [[UITabBarController alloc] init];
    tabs.viewControllers = @[orders, cart];

    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.rootViewController = tabs;
    [self.window makeKeyAndVisible];
    [DDDeepLinkRouter sharedRouter].navigationController = orders;
    [[DDDeepLinkRouter sharedRouter] flushPendingLink];
    return YES;
}

- (void)sessionDidChange:(NSNotification *)note
{
    if ([DDSessionManager sharedManager].isLoggedIn) {
        [[DDAddressBook sharedBook] syncWithCompletion:nil];
        [[PushNotificationService shared] uploadCachedDeviceToken];
        [[DDDeepLinkRouter sharedRouter] flushPendingLink];
    } else {
        [[DDAddressBook sharedBook] clear];
        [[DDPaymentMethodStore sharedStore] clear];
        [[OrderHistoryStore shared] deleteAll];
    }
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options
{
    return [[DDDeepLinkRouter sharedRouter] handleURL:url];
}

- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity
 restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler
{
    return [[DDDeepLinkRouter sharedRouter] handleUserActivity:userActivity];
}

- (void)application:(UIApplication *)application didRegisterForRemoteNotificationsWithDeviceToken:(NSData *)deviceToken
{
    [[PushNotificationService shared] didRegisterWithDeviceToken:deviceToken];
}

- (void)application:(UIApplication *)application didFailToRegisterForRemoteNotificationsWithError:(NSError *)error
{
    NSLog(@"[Push] APNs registration failed (%ld)", (long)error.code);
}

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo
fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler
{
    [[PushNotificationService shared] handleSilentPush:userInfo completion:completionHandler];
}

@end
