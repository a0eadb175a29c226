//
//  STRLegacySyncClient.h
//  Stride
//
//  Copyright © 2019 Stride Coach Ltd. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSErrorDomain const STRLegacySyncErrorDomain;

typedef NS_ERROR_ENUM(STRLegacySyncErrorDomain, STRLegacySyncError) {
    STRLegacySyncErrorBadResponse = 1,
    STRLegacySyncErrorUnauthorized = 2,
    STRLegacySyncErrorCancelled = 3,
};

typedef void (^STRLegacySyncCompletion)(NSArray<NSDictionary<NSString *, id> *> *records, NSError *_Nullable error);

/// Downloads workouts recorded by Stride 1.x from the v1 sync service so they can be
/// merged into the local database. Runs once per install from a BGProcessingTask.
@interface STRLegacySyncClient : NSObject <NSURLSessionDataDelegate>

@property (nonatomic, readonly) NSURL *baseURL;
@property (nonatomic, readonly) NSUInteger pageSize;

- (instancetype)initWithBaseURL:(NSURL *)baseURL accessToken:(NSString *)accessToken NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (void)fetchLegacyWorkoutsWithCompletion:(STRLegacySyncCompletion)completion NS_SWIFT_NAME(fetchLegacyWorkouts(completion:));
- (void)cancel;

+ (BOOL)hasCompletedMigration;
+ (void)markMigrationComplete;

@end

NS_ASSUME_NONNULL_END
