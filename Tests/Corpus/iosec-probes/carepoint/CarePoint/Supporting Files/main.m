//
//  main.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/14/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <UIKit/UIKit.h>
#import "AppDelegate.h"

int main(int argc, char * argv[]) {
    @autoreleasepool {
        return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
    }
}
