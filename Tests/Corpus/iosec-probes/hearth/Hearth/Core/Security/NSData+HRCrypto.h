//
//  NSData+HRCrypto.h
//  Hearth
//
//  Created by Marta Lindqvist on 02/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface NSData (HRCrypto)

+ (nullable NSData *)hr_secureRandomDataOfLength:(NSUInteger)length;
+ (nullable NSData *)hr_dataWithHexString:(NSString *)hexString;

- (NSData *)hr_SHA256Digest;
- (NSString *)hr_hexString;
- (NSString *)hr_base64URLEncodedString;

/// Short, stable identifier for use as a file name. Not suitable for anything
/// that needs collision resistance.
- (NSString *)hr_MD5HexString;

/// Constant-time comparison, for digests and MACs.
- (BOOL)hr_isEqualInConstantTimeToData:(NSData *)other;

@end

NS_ASSUME_NONNULL_END
