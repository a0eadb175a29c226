//
//  DDCardEntryViewController.h
//  Dashdrop
//

#import <UIKit/UIKit.h>
#import "DDPaymentMethodStore.h"

NS_ASSUME_NONNULL_BEGIN

@class DDCardEntryViewController;

@protocol DDCardEntryViewControllerDelegate <NSObject>
- (void)cardEntryViewController:(DDCardEntryViewController *)controller didSaveMethod:(DDSavedPaymentMethod *)method;
- (void)cardEntryViewControllerDidCancel:(DDCardEntryViewController *)controller;
@end

@interface DDCardEntryViewController : UIViewController
@property (nonatomic, weak, nullable) id<DDCardEntryViewControllerDelegate> delegate;
@end

NS_ASSUME_NONNULL_END
