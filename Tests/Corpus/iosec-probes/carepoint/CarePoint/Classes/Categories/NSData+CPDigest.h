//
//  NSData+CPDigest.h
//  CarePoint
//
//  Created by Marcus Oyelaran on 9/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface NSData (CPDigest)

- (NSData *)cp_SHA256Digest;
- (NSString *)cp_SHA256HexString;

/// Short, stable identifier for cache file names. Not a security primitive.
- (NSString *)cp_MD5HexString;

- (NSString *)cp_hexString;
+ (nullable NSData *)cp_dataWithHexString:(NSString *)hexString;

- (BOOL)cp_constantTimeIsEqualToData:(NSData *)other;

/// Streams the file so large attachments are not loaded into memory.
+ (nullable NSData *)cp_SHA256DigestOfFileAtURL:(NSURL *)fileURL error:(NSError **)error;

@end

NS_ASSUME_NONNULL_END
