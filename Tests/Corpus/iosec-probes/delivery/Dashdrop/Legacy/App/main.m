//
//  main.m
//  Dashdrop
//

#import <UIKit/UIKit.h>
#import "DDAppDelegate.h"

int main(int argc, char * argv[]) {
    @autoreleasepool {
        return UIApplicationMain(argc, argv, nil, NSStringFromClass([DDAppDelegate class]));
    }
}
