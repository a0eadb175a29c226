//
//  HRHubTrustEvaluator.m
//  Hearth
//
//  Created by Marta Lindqvist on 11/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRHubTrustEvaluator.h"
#import "NSData+HRCrypto.h"
#import "HRLogging.h"

// ASN.1 SubjectPublicKeyInfo prefixes; SecKeyCopyExternalRepresentation returns
// only the raw key, so the algorithm identifier has to be added back.
static const uint8_t HRSPKIHeaderECP256[] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
    0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
    0x42, 0x00
};

// Gen 1 hubs (H100) still ship RSA-2048 keys.
static const uint8_t HRSPKIHeaderRSA2048[] = {
    0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00
};

@implementation HRHubTrustEvaluator

- (instancetype)initWithPinnedKeyHashes:(NSSet<NSData *> *)pinnedKeyHashes
{
    if ((self = [super init])) {
        _pinnedKeyHashes = [pinnedKeyHashes copy];
    }
    return self;
}

+ (NSData *)SPKIHashForPublicKey:(SecKeyRef)publicKey
{
    CFErrorRef cfError = NULL;
    NSData *rawKey = CFBridgingRelease(SecKeyCopyExternalRepresentation(publicKey, &cfError));
    if (rawKey == nil) {
        if (cfError) {
            CFRelease(cfError);
        }
        return nil;
    }

    NSDictionary *attributes = CFBridgingRelease(SecKeyCopyAttributes(publicKey));
    NSString *keyType = attributes[(__bridge id)kSecAttrKeyType];
    NSInteger keySize = [attributes[(__bridge id)kSecAttrKeySizeInBits] integerValue];

    NSMutableData *spki = nil;
    if ([keyType isEqualToString:(__bridge NSString *)kSecAttrKeyTypeECSECPrimeRandom] && keySize == 256) {
        spki = [NSMutableData dataWithBytes:HRSPKIHeaderECP256 length:sizeof(HRSPKIHeaderECP256)];
    } else if ([keyType isEqualToString:(__bridge NSString *)kSecAttrKeyTypeRSA] && keySize == 2048) {
        spki = [NSMutableData dataWithBytes:HRSPKIHeaderRSA2048 length:sizeof(HRSPKIHeaderRSA2048)];
    } else {
        return nil;
    }
    [spki appendData:rawKey];
    return [spki hr_SHA256Digest];
}

- (BOOL)evaluateServerTrust:(SecTrustRef)serverTrust forHost:(NSString *)host
{
    if (serverTrust == NULL || self.pinnedKeyHashes.count == 0) {
        return NO;
    }

    // The hub certificate is self-signed and its CN is the hub serial rather than
    // the address we connect to, so default chain and hostname evaluation cannot
    // succeed. The pinned key from the QR code is the only trust anchor.
    NSArray *chain = CFBridgingRelease(SecTrustCopyCertificateChain(serverTrust));
    if (chain.count == 0) {
        return NO;
    }
    SecCertificateRef leaf = (__bridge SecCertificateRef)chain.firstObject;
    SecKeyRef leafKey = SecCertificateCopyKey(leaf);
    if (leafKey == NULL) {
        return NO;
    }
    NSData *hash = [[self class] SPKIHashForPublicKey:leafKey];
    CFRelease(leafKey);

    BOOL matched = NO;
    for (NSData *pin in self.pinnedKeyHashes) {
        if (hash != nil && [hash hr_isEqualInConstantTimeToData:pin]) {
            matched = YES;
            break;
        }
    }

    if (!matched) {
        HRLogError(HRLogCategoryHub, @"Hub TLS key did not match pairing record (chain length %lu)",
                   (unsigned long)chain.count);
    }
    return matched;
}

@end
