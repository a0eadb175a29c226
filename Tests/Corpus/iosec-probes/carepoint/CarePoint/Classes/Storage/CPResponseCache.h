//
//  CPResponseCache.h
//  CarePoint
//
//  Created by Kevin Stroud on 8/27/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// On-disk cache of GET responses so the app can show the last known data when offline.
@interface CPResponseCache : NSObject

+ (instancetype)sharedCache;

- (void)storeResponseData:(NSData *)data forURL:(NSURL *)url;
- (nullable NSData *)cachedResponseDataForURL:(NSURL *)url maxAge:(NSTimeInterval)maxAge;

- (void)removeAllCachedResponses;

@end

NS_ASSUME_NONNULL_END
