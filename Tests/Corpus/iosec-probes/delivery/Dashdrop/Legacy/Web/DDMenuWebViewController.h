//
//  DDMenuWebViewController.h
//  Dashdrop
//
//  Hosts the restaurant menu widget served from menus.dashdrop.com.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface DDMenuWebViewController : UIViewController
- (instancetype)initWithRestaurantIdentifier:(NSString *)restaurantIdentifier;
@end

NS_ASSUME_NONNULL_END
