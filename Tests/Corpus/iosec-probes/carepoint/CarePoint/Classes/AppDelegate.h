//
//  AppDelegate.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/14/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>

@property (strong, nonatomic) UIWindow *window;

@end
