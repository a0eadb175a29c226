//
//  HRSnapshotCache.m
//  Hearth
//
//  Created by Jonas Ekberg on 03/08/2020.
//  Copyright © 2020 Hearth Labs AB. All rights reserved.
//

#import "HRSnapshotCache.h"
#import "NSData+HRCrypto.h"
#import "HRConstants.h"
#import "HRLogging.h"

@interface HRSnapshotCache ()
@property (nonatomic, strong) NSURL *directoryURL;
@property (nonatomic, strong) NSCache<NSString *, UIImage *> *memoryCache;
@property (nonatomic, strong) dispatch_queue_t ioQueue;
@end

@implementation HRSnapshotCache

HR_SHARED_INSTANCE(HRSnapshotCache, sharedCache, [[HRSnapshotCache alloc] init])

- (instancetype)init
{
    if ((self = [super init])) {
        _maximumAge = 24 * 60 * 60;
        _memoryCache = [[NSCache alloc] init];
        _memoryCache.countLimit = 16;
        _ioQueue = dispatch_queue_create("com.hearthlabs.hearth.snapshots", DISPATCH_QUEUE_SERIAL);

        NSURL *caches = [[NSFileManager defaultManager] URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask].firstObject;
        _directoryURL = [caches URLByAppendingPathComponent:@"CameraSnapshots" isDirectory:YES];
        [[NSFileManager defaultManager] createDirectoryAtURL:_directoryURL
                                 withIntermediateDirectories:YES
                                                  attributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                                                       error:NULL];
        [_directoryURL setResourceValue:@YES forKey:NSURLIsExcludedFromBackupKey error:NULL];
    }
    return self;
}

#pragma mark - Keys

- (NSString *)cacheKeyForCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier
{
    NSString *composite = [NSString stringWithFormat:@"%@/%@", hubIdentifier, cameraIdentifier];
    return [[composite dataUsingEncoding:NSUTF8StringEncoding] hr_MD5HexString];
}

- (NSURL *)fileURLForKey:(NSString *)key
{
    return [[self.directoryURL URLByAppendingPathComponent:key] URLByAppendingPathExtension:@"jpg"];
}

#pragma mark - Public

- (void)storeJPEGData:(NSData *)data forCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier
{
    NSString *key = [self cacheKeyForCamera:cameraIdentifier hub:hubIdentifier];
    UIImage *image = [UIImage imageWithData:data];
    if (image) {
        [self.memoryCache setObject:image forKey:key];
    }
    dispatch_async(self.ioQueue, ^{
        NSError *error = nil;
        if (![data writeToURL:[self fileURLForKey:key]
                      options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete
                        error:&error]) {
            HRLogError(HRLogCategoryGeneral, @"Snapshot write failed: %ld", (long)error.code);
        }
    });
}

- (UIImage *)cachedImageForCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier
{
    NSString *key = [self cacheKeyForCamera:cameraIdentifier hub:hubIdentifier];
    UIImage *image = [self.memoryCache objectForKey:key];
    if (image) {
        return image;
    }
    NSDate *date = [self cachedDateForCamera:cameraIdentifier hub:hubIdentifier];
    if (date == nil || -[date timeIntervalSinceNow] > self.maximumAge) {
        return nil;
    }
    __block NSData *data = nil;
    dispatch_sync(self.ioQueue, ^{
        data = [NSData dataWithContentsOfURL:[self fileURLForKey:key]];
    });
    image = data ? [UIImage imageWithData:data] : nil;
    if (image) {
        [self.memoryCache setObject:image forKey:key];
    }
    return image;
}

- (NSDate *)cachedDateForCamera:(NSString *)cameraIdentifier hub:(NSString *)hubIdentifier
{
    NSURL *url = [self fileURLForKey:[self cacheKeyForCamera:cameraIdentifier hub:hubIdentifier]];
    NSDate *date = nil;
    [url getResourceValue:&date forKey:NSURLContentModificationDateKey error:NULL];
    return date;
}

- (void)purgeExpiredSnapshots
{
    dispatch_async(self.ioQueue, ^{
        NSArray<NSURL *> *files = [[NSFileManager defaultManager] contentsOfDirectoryAtURL:self.directoryURL
                                                                includingPropertiesForKeys:@[NSURLContentModificationDateKey]
                                                                                   options:NSDirectoryEnumerationSkipsHiddenFiles
                                                                                     error:NULL];
        NSDate *cutoff = [NSDate dateWithTimeIntervalSinceNow:-self.maximumAge];
        for (NSURL *file in files) {
            NSDate *modified = nil;
            [file getResourceValue:&modified forKey:NSURLContentModificationDateKey error:NULL];
            if (modified && [modified compare:cutoff] == NSOrderedAscending) {
                [[NSFileManager defaultManager] removeItemAtURL:file error:NULL];
            }
        }
    });
}

- (void)removeAllSnapshots
{
    [self.memoryCache removeAllObjects];
    dispatch_sync(self.ioQueue, ^{
        [[NSFileManager defaultManager] removeItemAtURL:self.directoryURL error:NULL];
        [[NSFileManager defaultManager] createDirectoryAtURL:self.directoryURL
                                 withIntermediateDirectories:YES
                                                  attributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                                                       error:NULL];
    });
}

@end
