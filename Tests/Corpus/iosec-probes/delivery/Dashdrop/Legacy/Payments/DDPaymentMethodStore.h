//
//  DDPaymentMethodStore.h
//  Dashdrop
//
//  Display metadata only (brand + last 4). The card itself lives with Stripe
//  and is referenced by its pm_ identifier.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

NS_SWIFT_NAME(SavedPaymentMethod)
@interface DDSavedPaymentMethod : NSObject
@property (nonatomic, copy, readonly) NSString *paymentMethodIdentifier;
@property (nonatomic, copy, readonly) NSString *brand;
@property (nonatomic, copy, readonly) NSString *last4;
@property (nonatomic, readonly) NSString *displayName;
- (instancetype)initWithIdentifier:(NSString *)identifier brand:(NSString *)brand last4:(NSString *)last4;
@end

NS_SWIFT_NAME(PaymentMethodStore)
@interface DDPaymentMethodStore : NSObject
+ (instancetype)sharedStore NS_SWIFT_NAME(shared());
@property (nonatomic, strong, readonly, nullable) DDSavedPaymentMethod *defaultMethod;
- (void)saveDefaultMethod:(DDSavedPaymentMethod *)method;
- (void)clear;
@end

NS_ASSUME_NONNULL_END
