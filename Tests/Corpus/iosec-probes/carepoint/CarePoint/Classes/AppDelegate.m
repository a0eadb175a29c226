//
//  AppDelegate.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/14/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "AppDelegate.h"
#import "CPSessionManager.h"
#import "CPRecordStore.h"
#import "CPLoginViewController.h"
#import "CPRecordSearchViewController.h"
#import "CPPrivacyPolicyViewController.h"
#import "NSData+CPDigest.h"
#import "CarePoint-Swift.h"

static NSInteger const kCPPrivacyCoverTag = 0xCA4E;

@interface AppDelegate () <CPLoginViewControllerDelegate>
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [self registerDefaults];

    NSError *storeError = nil;
    if (![[CPRecordStore sharedStore] openWithError:&storeError]) {
        NSLog(@"CarePoint: record store unavailable (%ld)", (long)storeError.code);
    }

    [[NSNotificationCenter defaultCenter] addObserver:self
                                             selector:@selector(protectedDataDidBecomeAvailable:)
                                                 name:UIApplicationProtectedDataDidBecomeAvailable
                                               object:nil];
    [[NSNotificationCenter defaultCenter] addObserver:self
                                             selector:@selector(sessionDidChange:)
                                                 name:CPSessionDidChangeNotification
                                               object:nil];

    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
    self.window.tintColor = [UIColor colorWithRed:0.04 green:0.44 blue:0.53 alpha:1.0];

    if ([[CPSessionManager sharedManager] restoreSession]) {
        CPLog(@"Launching with restored session, token %@", [CPSessionManager sharedManager].accessToken);
        [self showMainInterface];
    } else {
        [self showLogin];
    }
    [self.window makeKeyAndVisible];

    [[FeatureFlags shared] refreshIfStale];
    [application registerForRemoteNotifications];
    return YES;
}

- (void)registerDefaults {
    [[NSUserDefaults standardUserDefaults] registerDefaults:@{
        kCPDefaultsRememberUsername     : @NO,
        kCPDefaultsBiometricsEnabled    : @NO,
        kCPDefaultsPasswordRulesVersion : @0,
    }];
}

#pragma mark - Root controllers

- (void)showLogin {
    CPLoginViewController *login = [[CPLoginViewController alloc] init];
    login.delegate = self;
    self.window.rootViewController = [[UINavigationController alloc] initWithRootViewController:login];
}

- (void)showMainInterface {
    UIViewController *summary = [HealthSummaryHostingFactory makeSummaryController];
    summary.tabBarItem = [[UITabBarItem alloc] initWithTitle:NSLocalizedString(@"tab.summary", nil)
                                                       image:[UIImage systemImageNamed:@"heart.text.square"]
                                                         tag:0];

    UINavigationController *records = [[UINavigationController alloc] initWithRootViewController:[[CPRecordSearchViewController alloc] init]];
    records.tabBarItem = [[UITabBarItem alloc] initWithTitle:NSLocalizedString(@"records.title", nil)
                                                       image:[UIImage systemImageNamed:@"doc.text.magnifyingglass"]
                                                         tag:1];

    UINavigationController *privacy = [[UINavigationController alloc] initWithRootViewController:[[CPPrivacyPolicyViewController alloc] init]];
    privacy.tabBarItem = [[UITabBarItem alloc] initWithTitle:NSLocalizedString(@"privacy.title", nil)
                                                       image:[UIImage systemImageNamed:@"hand.raised"]
                                                         tag:2];

    UITabBarController *tabs = [[UITabBarController alloc] init];
    tabs.viewControllers = @[summary, records, privacy];
    self.window.rootViewController = tabs;
}

#pragma mark - CPLoginViewControllerDelegate

- (void)loginViewControllerDidAuthenticate:(CPLoginViewController *)controller {
    [self showMainInterface];
    [[ReminderScheduler shared] requestAuthorizationIfNeeded];
}

- (void)sessionDidChange:(NSNotification *)note {
    dispatch_async(dispatch_get_main_queue(), ^{
        if (![CPSessionManager sharedManager].isAuthenticated &&
            ![self.window.rootViewController isKindOfClass:[UINavigationController class]]) {
            [self showLogin];
        }
    });
}

#pragma mark - Lifecycle

- (void)applicationWillResignActive:(UIApplication *)application {
    [self installPrivacyCover];
}

- (void)applicationDidBecomeActive:(UIApplication *)application {
    [self removePrivacyCover];
}

- (void)applicationDidEnterBackground:(UIApplication *)application {
    [[CPSessionManager sharedManager] noteBackgrounded];
}

- (void)applicationWillEnterForeground:(UIApplication *)application {
    if ([[CPSessionManager sharedManager] shouldRequireReauthentication]) {
        [self showLogin];
    }
}

- (void)protectedDataDidBecomeAvailable:(NSNotification *)note {
    if (![CPSessionManager sharedManager].isAuthenticated) {
        [[CPSessionManager sharedManager] restoreSession];
    }
}

#pragma mark - App switcher snapshot

- (void)installPrivacyCover {
    if ([self.window viewWithTag:kCPPrivacyCoverTag]) {
        return;
    }
    UIVisualEffectView *cover = [[UIVisualEffectView alloc] initWithEffect:[UIBlurEffect effectWithStyle:UIBlurEffectStyleSystemMaterial]];
    cover.frame = self.window.bounds;
    cover.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
    cover.tag = kCPPrivacyCoverTag;
    [self.window addSubview:cover];
}

- (void)removePrivacyCover {
    [[self.window viewWithTag:kCPPrivacyCoverTag] removeFromSuperview];
}

#pragma mark - Push

- (void)application:(UIApplication *)application didRegisterForRemoteNotificationsWithDeviceToken:(NSData *)deviceToken {
    NSString *hex = [deviceToken cp_hexString];
    CPLog(@"APNs device token %@", hex);
    [[CPSessionManager sharedManager] registerPushToken:hex];
}

- (void)application:(UIApplication *)application didFailToRegisterForRemoteNotificationsWithError:(NSError *)error {
    NSLog(@"CarePoint: remote notification registration failed (%@ %ld)", error.domain, (long)error.code);
}

@end
