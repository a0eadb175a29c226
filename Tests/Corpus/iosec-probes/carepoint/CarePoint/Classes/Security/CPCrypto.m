//
//  CPCrypto.m
//  CarePoint
//
//  Created by Marcus Oyelaran on 2/11/19.
//  Copyright © 2019 CarePoint Health, Inc. All rights reserved.
//

#import "CPCrypto.h"
#import "CPKeychain.h"
#import "NSData+CPDigest.h"
#import <CommonCrypto/CommonCryptor.h>
#import <CommonCrypto/CommonHMAC.h>
#import <Security/SecRandom.h>

NSString * const CPCryptoErrorDomain = @"com.carepoint.crypto";

static const size_t kCPEncryptionKeyLength = kCCKeySizeAES256;
static const size_t kCPMacKeyLength = CC_SHA256_DIGEST_LENGTH;

@interface CPCrypto ()
@property (nonatomic, copy) NSData *encryptionKey;
@property (nonatomic, copy) NSData *macKey;
@end

@implementation CPCrypto

+ (NSData *)randomDataOfLength:(size_t)length {
    NSMutableData *data = [NSMutableData dataWithLength:length];
    int rc = SecRandomCopyBytes(kSecRandomDefault, length, data.mutableBytes);
    if (rc != errSecSuccess) {
        NSLog(@"CPCrypto: SecRandomCopyBytes failed (%d)", rc);
        return nil;
    }
    return data;
}

+ (NSError *)errorWithCode:(CPCryptoErrorCode)code {
    return [NSError errorWithDomain:CPCryptoErrorDomain code:code userInfo:nil];
}

+ (instancetype)exportCryptoWithError:(NSError **)error {
    CPKeychain *keychain = [CPKeychain sharedKeychain];
    CPKeychainResult result = CPKeychainResultFailure;
    NSData *material = [keychain dataForAccount:kCPKeychainAccountExportKey result:&result];

    if (material == nil && result == CPKeychainResultNotFound) {
        material = [self randomDataOfLength:kCPEncryptionKeyLength + kCPMacKeyLength];
        if (material == nil) {
            if (error) { *error = [self errorWithCode:CPCryptoErrorRandomFailed]; }
            return nil;
        }
        if ([keychain setData:material forAccount:kCPKeychainAccountExportKey] != CPKeychainResultSuccess) {
            if (error) { *error = [self errorWithCode:CPCryptoErrorKeyUnavailable]; }
            return nil;
        }
    }

    if (material.length != kCPEncryptionKeyLength + kCPMacKeyLength) {
        // Locked device or keychain failure: do not regenerate, the old exports would be unreadable.
        if (error) { *error = [self errorWithCode:CPCryptoErrorKeyUnavailable]; }
        return nil;
    }
    return [[self alloc] initWithKeyMaterial:material];
}

- (instancetype)initWithKeyMaterial:(NSData *)keyMaterial {
    NSParameterAssert(keyMaterial.length == kCPEncryptionKeyLength + kCPMacKeyLength);
    self = [super init];
    if (self) {
        _encryptionKey = [keyMaterial subdataWithRange:NSMakeRange(0, kCPEncryptionKeyLength)];
        _macKey = [keyMaterial subdataWithRange:NSMakeRange(kCPEncryptionKeyLength, kCPMacKeyLength)];
    }
    return self;
}

- (NSData *)tagForData:(NSData *)data {
    NSMutableData *tag = [NSMutableData dataWithLength:CC_SHA256_DIGEST_LENGTH];
    CCHmac(kCCHmacAlgSHA256, self.macKey.bytes, self.macKey.length, data.bytes, data.length, tag.mutableBytes);
    return tag;
}

- (NSData *)encryptData:(NSData *)plaintext error:(NSError **)error {
    NSData *iv = [CPCrypto randomDataOfLength:kCCBlockSizeAES128];
    if (iv == nil) {
        if (error) { *error = [CPCrypto errorWithCode:CPCryptoErrorRandomFailed]; }
        return nil;
    }

    size_t capacity = plaintext.length + kCCBlockSizeAES128;
    NSMutableData *ciphertext = [NSMutableData dataWithLength:capacity];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCEncrypt,
                                     kCCAlgorithmAES,
                                     kCCOptionPKCS7Padding,
                                     self.encryptionKey.bytes, self.encryptionKey.length,
                                     iv.bytes,
                                     plaintext.bytes, plaintext.length,
                                     ciphertext.mutableBytes, capacity,
                                     &moved);
    if (status != kCCSuccess) {
        NSLog(@"CPCrypto: encrypt failed (%d)", (int)status);
        if (error) { *error = [CPCrypto errorWithCode:CPCryptoErrorCipherFailed]; }
        return nil;
    }
    ciphertext.length = moved;

    NSMutableData *envelope = [NSMutableData dataWithCapacity:iv.length + moved + CC_SHA256_DIGEST_LENGTH];
    [envelope appendData:iv];
    [envelope appendData:ciphertext];
    [envelope appendData:[self tagForData:envelope]];
    return envelope;
}

- (NSData *)decryptData:(NSData *)envelope error:(NSError **)error {
    const NSUInteger minimum = kCCBlockSizeAES128 * 2 + CC_SHA256_DIGEST_LENGTH;
    if (envelope.length < minimum) {
        if (error) { *error = [CPCrypto errorWithCode:CPCryptoErrorMalformedInput]; }
        return nil;
    }

    NSUInteger signedLength = envelope.length - CC_SHA256_DIGEST_LENGTH;
    NSData *signedPart = [envelope subdataWithRange:NSMakeRange(0, signedLength)];
    NSData *tag = [envelope subdataWithRange:NSMakeRange(signedLength, CC_SHA256_DIGEST_LENGTH)];
    if (![[self tagForData:signedPart] cp_constantTimeIsEqualToData:tag]) {
        if (error) { *error = [CPCrypto errorWithCode:CPCryptoErrorAuthenticationFailed]; }
        return nil;
    }

    NSData *iv = [signedPart subdataWithRange:NSMakeRange(0, kCCBlockSizeAES128)];
    NSData *ciphertext = [signedPart subdataWithRange:NSMakeRange(kCCBlockSizeAES128, signedLength - kCCBlockSizeAES128)];

    NSMutableData *plaintext = [NSMutableData dataWithLength:ciphertext.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCDecrypt,
                                     kCCAlgorithmAES,
                                     kCCOptionPKCS7Padding,
                                     self.encryptionKey.bytes, self.encryptionKey.length,
                                     iv.bytes,
                                     ciphertext.bytes, ciphertext.length,
                                     plaintext.mutableBytes, plaintext.length,
                                     &moved);
    if (status != kCCSuccess) {
        if (error) { *error = [CPCrypto errorWithCode:CPCryptoErrorCipherFailed]; }
        return nil;
    }
    plaintext.length = moved;
    return plaintext;
}

@end
