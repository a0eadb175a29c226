//
//  HRFirmwareDownloader.h
//  Hearth
//
//  Created by Jonas Ekberg on 09/11/2020.
//  Copyright © 2020 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>
#import "HRAPIClient.h"

NS_ASSUME_NONNULL_BEGIN

@interface HRFirmwareRelease : NSObject
@property (nonatomic, copy, readonly) NSString *model;
@property (nonatomic, copy, readonly) NSString *version;
@property (nonatomic, strong, readonly) NSURL *imageURL;
@property (nonatomic, strong, readonly) NSData *SHA256Digest;
@end

/// Fetches firmware images on behalf of hubs that have no internet access of
/// their own (installer mode). The image is handed to the hub over the LAN.
@interface HRFirmwareDownloader : NSObject

@property (class, nonatomic, readonly) HRFirmwareDownloader *sharedDownloader NS_SWIFT_NAME(shared);
@property (nonatomic, weak, nullable) id<HRAccessTokenProviding> tokenProvider;

- (void)fetchLatestReleaseForModel:(NSString *)model
                        completion:(void (^)(HRFirmwareRelease * _Nullable release, NSError * _Nullable error))completion;

- (void)downloadRelease:(HRFirmwareRelease *)release
             completion:(void (^)(NSURL * _Nullable fileURL, NSError * _Nullable error))completion;

@end

NS_ASSUME_NONNULL_END
