//
//  STRAnalyticsQueue.h
//  Stride
//
//  First-party usage counters (feature name + count per day). Predates the Mixpanel
//  integration and still feeds the ops dashboard.
//
//  Copyright © 2018 Stride Coach Ltd. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface STRAnalyticsQueue : NSObject

+ (instancetype)sharedQueue NS_SWIFT_NAME(shared());

- (instancetype)initWithDatabasePath:(NSString *)path endpoint:(NSURL *)endpoint NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (void)enqueueEventNamed:(NSString *)name count:(NSInteger)count;
- (void)flushWithCompletion:(nullable void (^)(BOOL success))completion NS_SWIFT_NAME(flush(completion:));
- (void)purge;

/// Stable per-install identifier sent with batches. Not derived from any account data.
@property (nonatomic, readonly, copy) NSString *installIdentifier;

@end

NS_ASSUME_NONNULL_END
