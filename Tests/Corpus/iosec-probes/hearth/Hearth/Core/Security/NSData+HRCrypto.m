//
//  NSData+HRCrypto.m
//  Hearth
//
//  Created by Marta Lindqvist on 02/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "NSData+HRCrypto.h"
#import <CommonCrypto/CommonDigest.h>
#import <Security/SecRandom.h>

@implementation NSData (HRCrypto)

+ (NSData *)hr_secureRandomDataOfLength:(NSUInteger)length
{
    NSMutableData *data = [NSMutableData dataWithLength:length];
    int result = SecRandomCopyBytes(kSecRandomDefault, length, data.mutableBytes);
    return result == errSecSuccess ? [data copy] : nil;
}

+ (NSData *)hr_dataWithHexString:(NSString *)hexString
{
    NSString *hex = [[hexString stringByReplacingOccurrencesOfString:@":" withString:@""] lowercaseString];
    if (hex.length % 2 != 0) {
        return nil;
    }
    NSMutableData *data = [NSMutableData dataWithCapacity:hex.length / 2];
    for (NSUInteger i = 0; i < hex.length; i += 2) {
        unsigned int byte = 0;
        NSScanner *scanner = [NSScanner scannerWithString:[hex substringWithRange:NSMakeRange(i, 2)]];
        if (![scanner scanHexInt:&byte]) {
            return nil;
        }
        uint8_t value = (uint8_t)byte;
        [data appendBytes:&value length:1];
    }
    return [data copy];
}

- (NSData *)hr_SHA256Digest
{
    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(self.bytes, (CC_LONG)self.length, digest);
    return [NSData dataWithBytes:digest length:sizeof(digest)];
}

- (NSString *)hr_hexString
{
    const unsigned char *bytes = self.bytes;
    NSMutableString *hex = [NSMutableString stringWithCapacity:self.length * 2];
    for (NSUInteger i = 0; i < self.length; i++) {
        [hex appendFormat:@"%02x", bytes[i]];
    }
    return [hex copy];
}

- (NSString *)hr_base64URLEncodedString
{
    NSString *base64 = [self base64EncodedStringWithOptions:0];
    base64 = [base64 stringByReplacingOccurrencesOfString:@"+" withString:@"-"];
    base64 = [base64 stringByReplacingOccurrencesOfString:@"/" withString:@"_"];
    return [base64 stringByReplacingOccurrencesOfString:@"=" withString:@""];
}

- (NSString *)hr_MD5HexString
{
    unsigned char digest[CC_MD5_DIGEST_LENGTH];
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    CC_MD5(self.bytes, (CC_LONG)self.length, digest);
#pragma clang diagnostic pop
    return [[NSData dataWithBytes:digest length:sizeof(digest)] hr_hexString];
}

- (BOOL)hr_isEqualInConstantTimeToData:(NSData *)other
{
    if (other.length != self.length) {
        return NO;
    }
    const uint8_t *a = self.bytes;
    const uint8_t *b = other.bytes;
    uint8_t diff = 0;
    for (NSUInteger i = 0; i < self.length; i++) {
        diff |= a[i] ^ b[i];
    }
    return diff == 0;
}

@end
