//
//  CPPinningSessionDelegate.m
//  CarePoint
//
//  Created by Marcus Oyelaran on 6/19/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPPinningSessionDelegate.h"
#import "NSData+CPDigest.h"
#import <Security/Security.h>

// ASN.1 SubjectPublicKeyInfo prefixes; SecKeyCopyExternalRepresentation returns only the raw key.
static const unsigned char kCPRSA2048SPKIHeader[] = {
    0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00
};

static const unsigned char kCPECP256SPKIHeader[] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
    0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
    0x42, 0x00
};

@interface CPPinningSessionDelegate ()
@property (nonatomic, copy, readwrite) NSString *pinnedHost;
@property (nonatomic, copy) NSSet<NSString *> *pinnedHashes;
@end

@implementation CPPinningSessionDelegate

+ (instancetype)defaultDelegate {
    static CPPinningSessionDelegate *delegate;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        NSSet *pins = [NSSet setWithObjects:kCPPinnedKeyHashPrimary, kCPPinnedKeyHashBackup, nil];
        delegate = [[CPPinningSessionDelegate alloc] initWithPinnedHost:kCPAPIHost pinnedKeyHashes:pins];
    });
    return delegate;
}

- (instancetype)initWithPinnedHost:(NSString *)host pinnedKeyHashes:(NSSet<NSString *> *)hashes {
    NSParameterAssert(host.length > 0);
    NSParameterAssert(hashes.count >= 2); // always ship a backup pin
    self = [super init];
    if (self) {
        _pinnedHost = [host lowercaseString];
        _pinnedHashes = [hashes copy];
    }
    return self;
}

#pragma mark - NSURLSessionDelegate

- (void)URLSession:(NSURLSession *)session
didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential * _Nullable))completionHandler {
    NSURLProtectionSpace *space = challenge.protectionSpace;

    if (![space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
        return;
    }

    if (![[space.host lowercaseString] isEqualToString:self.pinnedHost]) {
        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
        return;
    }

    SecTrustRef trust = space.serverTrust;
    if (trust == NULL) {
        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
        return;
    }

    SecPolicyRef policy = SecPolicyCreateSSL(true, (__bridge CFStringRef)space.host);
    SecTrustSetPolicies(trust, policy);
    CFRelease(policy);

    CFErrorRef trustError = NULL;
    if (!SecTrustEvaluateWithError(trust, &trustError)) {
        NSError *error = CFBridgingRelease(trustError);
        NSLog(@"CPPinning: trust evaluation failed (%ld)", (long)error.code);
        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
        return;
    }

    if (![self trustContainsPinnedKey:trust]) {
        NSLog(@"CPPinning: no pinned key in presented chain for %@", space.host);
        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
        return;
    }

    completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
}

#pragma mark - Pin matching

- (NSArray *)certificatesForTrust:(SecTrustRef)trust {
    if (@available(iOS 15.0, *)) {
        return CFBridgingRelease(SecTrustCopyCertificateChain(trust)) ?: @[];
    }

    NSMutableArray *certs = [NSMutableArray array];
    CFIndex count = SecTrustGetCertificateCount(trust);
    for (CFIndex i = 0; i < count; i++) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
        SecCertificateRef cert = SecTrustGetCertificateAtIndex(trust, i);
#pragma clang diagnostic pop
        if (cert) {
            [certs addObject:(__bridge id)cert];
        }
    }
    return certs;
}

- (BOOL)trustContainsPinnedKey:(SecTrustRef)trust {
    for (id certObject in [self certificatesForTrust:trust]) {
        NSString *hash = [self SPKIHashForCertificate:(__bridge SecCertificateRef)certObject];
        if (hash && [self.pinnedHashes containsObject:hash]) {
            return YES;
        }
    }
    return NO;
}

- (nullable NSString *)SPKIHashForCertificate:(SecCertificateRef)certificate {
    SecKeyRef key = SecCertificateCopyKey(certificate);
    if (key == NULL) {
        return nil;
    }

    NSDictionary *attributes = CFBridgingRelease(SecKeyCopyAttributes(key));
    NSData *keyData = CFBridgingRelease(SecKeyCopyExternalRepresentation(key, NULL));
    CFRelease(key);
    if (keyData == nil) {
        return nil;
    }

    NSString *keyType = attributes[(__bridge id)kSecAttrKeyType];
    NSInteger keySize = [attributes[(__bridge id)kSecAttrKeySizeInBits] integerValue];

    NSMutableData *spki = [NSMutableData data];
    if ([keyType isEqualToString:(__bridge NSString *)kSecAttrKeyTypeRSA] && keySize == 2048) {
        [spki appendBytes:kCPRSA2048SPKIHeader length:sizeof(kCPRSA2048SPKIHeader)];
    } else if ([keyType isEqualToString:(__bridge NSString *)kSecAttrKeyTypeECSECPrimeRandom] && keySize == 256) {
        [spki appendBytes:kCPECP256SPKIHeader length:sizeof(kCPECP256SPKIHeader)];
    } else {
        CPLog(@"Unsupported key type %@ (%ld bits) in chain", keyType, (long)keySize);
        return nil;
    }
    [spki appendData:keyData];

    return [[spki cp_SHA256Digest] base64EncodedStringWithOptions:0];
}

@end
