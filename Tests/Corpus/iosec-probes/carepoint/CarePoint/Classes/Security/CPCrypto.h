//
//  CPCrypto.h
//  CarePoint
//
//  Created by Marcus Oyelaran on 2/11/19.
//  Copyright © 2019 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

extern NSString * const CPCryptoErrorDomain;

typedef NS_ENUM(NSInteger, CPCryptoErrorCode) {
    CPCryptoErrorRandomFailed = 1,
    CPCryptoErrorKeyUnavailable,
    CPCryptoErrorCipherFailed,
    CPCryptoErrorMalformedInput,
    CPCryptoErrorAuthenticationFailed,
};

/// AES-256-CBC + HMAC-SHA256 (encrypt-then-MAC).
/// Envelope layout: IV (16) || ciphertext || tag (32).
@interface CPCrypto : NSObject

/// Key material is created on first use and kept in the keychain (this device only).
+ (nullable instancetype)exportCryptoWithError:(NSError **)error;

- (instancetype)initWithKeyMaterial:(NSData *)keyMaterial NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (nullable NSData *)encryptData:(NSData *)plaintext error:(NSError **)error;
- (nullable NSData *)decryptData:(NSData *)envelope error:(NSError **)error;

+ (nullable NSData *)randomDataOfLength:(size_t)length;

@end

NS_ASSUME_NONNULL_END
