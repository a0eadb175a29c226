//
//  DDDeepLinkRouter.h
//  Dashdrop
//
//    dashdrop://order/<orderId>          https://dashdrop.com/o/<orderId>
//    dashdrop://track/<deliveryToken>    https://track.dashdrop.com/t/<deliveryToken>
//    dashdrop://restaurant/<id>
//    dashdrop://promo?code=<CODE>[&landing=<campaign page>]
//    dashdrop://help
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

NS_SWIFT_NAME(DeepLinkRouter)
@interface DDDeepLinkRouter : NSObject
+ (instancetype)sharedRouter NS_SWIFT_NAME(shared());
@property (nonatomic, weak, nullable) UINavigationController *navigationController;
- (BOOL)handleURL:(NSURL *)url;
- (BOOL)handleUserActivity:(NSUserActivity *)userActivity;
- (void)flushPendingLink;
+ (BOOL)isValidOrderIdentifier:(nullable NSString *)identifier;
@end

NS_ASSUME_NONNULL_END
