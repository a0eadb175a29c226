//
//  DDWebContentViewController.h
//  Dashdrop
//
//  In-app browser for help articles and campaign pages. Pages can call back
//  through window.webkit.messageHandlers.dashdrop.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface DDWebContentViewController : UIViewController
- (instancetype)initWithURL:(NSURL *)URL title:(nullable NSString *)title;
@end

NS_ASSUME_NONNULL_END
