//
//  CPLoginViewController.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/15/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@class CPLoginViewController;

@protocol CPLoginViewControllerDelegate <NSObject>
- (void)loginViewControllerDidAuthenticate:(CPLoginViewController *)controller;
@end

@interface CPLoginViewController : UIViewController

@property (nonatomic, weak, nullable) id<CPLoginViewControllerDelegate> delegate;

@end

NS_ASSUME_NONNULL_END
