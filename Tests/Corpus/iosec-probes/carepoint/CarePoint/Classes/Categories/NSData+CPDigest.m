//
//  NSData+CPDigest.m
//  CarePoint
//
//  Created by Marcus Oyelaran on 9/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "NSData+CPDigest.h"
#import <CommonCrypto/CommonDigest.h>

static const NSUInteger kCPDigestChunkSize = 64 * 1024;

@implementation NSData (CPDigest)

- (NSData *)cp_SHA256Digest {
    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(self.bytes, (CC_LONG)self.length, digest);
    return [NSData dataWithBytes:digest length:sizeof(digest)];
}

- (NSString *)cp_SHA256HexString {
    return [[self cp_SHA256Digest] cp_hexString];
}

- (NSString *)cp_MD5HexString {
    unsigned char digest[CC_MD5_DIGEST_LENGTH];
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    CC_MD5(self.bytes, (CC_LONG)self.length, digest);
#pragma clang diagnostic pop
    return [[NSData dataWithBytes:digest length:sizeof(digest)] cp_hexString];
}

- (NSString *)cp_hexString {
    const unsigned char *bytes = self.bytes;
    NSMutableString *hex = [NSMutableString stringWithCapacity:self.length * 2];
    for (NSUInteger i = 0; i < self.length; i++) {
        [hex appendFormat:@"%02x", bytes[i]];
    }
    return [hex copy];
}

+ (NSData *)cp_dataWithHexString:(NSString *)hexString {
    if (hexString.length % 2 != 0) {
        return nil;
    }
    NSMutableData *data = [NSMutableData dataWithCapacity:hexString.length / 2];
    char pair[3] = {0, 0, 0};
    for (NSUInteger i = 0; i < hexString.length; i += 2) {
        pair[0] = (char)[hexString characterAtIndex:i];
        pair[1] = (char)[hexString characterAtIndex:i + 1];
        if (!isxdigit((unsigned char)pair[0]) || !isxdigit((unsigned char)pair[1])) {
            return nil;
        }
        unsigned char byte = (unsigned char)strtoul(pair, NULL, 16);
        [data appendBytes:&byte length:1];
    }
    return data;
}

- (BOOL)cp_constantTimeIsEqualToData:(NSData *)other {
    if (other == nil || self.length != other.length) {
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

+ (NSData *)cp_SHA256DigestOfFileAtURL:(NSURL *)fileURL error:(NSError **)error {
    NSFileHandle *handle = [NSFileHandle fileHandleForReadingFromURL:fileURL error:error];
    if (!handle) {
        return nil;
    }

    CC_SHA256_CTX ctx;
    CC_SHA256_Init(&ctx);
    while (YES) {
        @autoreleasepool {
            NSData *chunk = [handle readDataOfLength:kCPDigestChunkSize];
            if (chunk.length == 0) {
                break;
            }
            CC_SHA256_Update(&ctx, chunk.bytes, (CC_LONG)chunk.length);
        }
    }
    [handle closeFile];

    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256_Final(digest, &ctx);
    return [NSData dataWithBytes:digest length:sizeof(digest)];
}

@end
