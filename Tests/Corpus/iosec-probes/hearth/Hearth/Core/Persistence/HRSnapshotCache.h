//
//  HRSnapshotCache.h
//  Hearth
//
//  Created by Jonas Ekberg on 03/08/2020.
//  Copyright © 2020 Hearth Labs AB. All rights reserved.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// On-disk cache of the most recent still image per camera, shown while the
/// live stream is connecting.
@interface HRSnapshotCache : NSObject

@property (class, nonatomic, readonly) HRSnapshotCache *sharedCache NS_SWIFT_NAME(shared);
@property (nonatomic, assign) NSTimeInterval maximumAge;

- (void)storeJPEGData:(NSData *)data forCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier;
- (nullable UIImage *)cachedImageForCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier;
- (nullable NSDate *)cachedDateForCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier;

- (void)purgeExpiredSnapshots;
- (void)removeAllSnapshots;

@end

NS_ASSUME_NONNULL_END
