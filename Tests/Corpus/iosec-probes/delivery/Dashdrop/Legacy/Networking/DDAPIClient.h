//
//  DDAPIClient.h
//  Dashdrop
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef void (^DDAPICompletion)(id _Nullable json, NSHTTPURLResponse * _Nullable response, NSError * _Nullable error);

NS_SWIFT_NAME(APIClient)
@interface DDAPIClient : NSObject

+ (instancetype)sharedClient NS_SWIFT_NAME(shared());

- (void)GET:(NSString *)path parameters:(nullable NSDictionary<NSString *, NSString *> *)parameters completion:(DDAPICompletion)completion;
- (void)POST:(NSString *)path parameters:(nullable NSDictionary *)parameters authenticated:(BOOL)authenticated completion:(DDAPICompletion)completion;

/// `idempotencyKey` must stay the same across retries of one checkout.
- (void)placeOrderWithPayload:(NSDictionary *)payload idempotencyKey:(NSString *)idempotencyKey completion:(DDAPICompletion)completion;
+ (NSString *)generateIdempotencyKey;

@end

NS_ASSUME_NONNULL_END
