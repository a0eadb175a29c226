//
//  CPPinningSessionDelegate.h
//  CarePoint
//
//  Created by Marcus Oyelaran on 6/19/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// Performs standard trust evaluation and then requires that at least one certificate in the
/// chain carries a public key whose SPKI SHA-256 matches a pinned value.
/// Hosts other than `pinnedHost` fall through to default system handling.
@interface CPPinningSessionDelegate : NSObject <NSURLSessionDelegate, NSURLSessionTaskDelegate>

+ (instancetype)defaultDelegate NS_SWIFT_NAME(shared());

- (instancetype)initWithPinnedHost:(NSString *)host
                   pinnedKeyHashes:(NSSet<NSString *> *)hashes NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

@property (nonatomic, copy, readonly) NSString *pinnedHost;

@end

NS_ASSUME_NONNULL_END
