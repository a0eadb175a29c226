//
//  HRHubTrustEvaluator.h
//  Hearth
//
//  Created by Marta Lindqvist on 11/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>
#import <Security/Security.h>

NS_ASSUME_NONNULL_BEGIN

/// Validates the TLS identity of a local hub.
///
/// Hubs generate a self-signed certificate on first boot. The SHA-256 hash of its
/// SubjectPublicKeyInfo is printed in the pairing QR code, so the app can pin it
/// before ever talking to the hub.
@interface HRHubTrustEvaluator : NSObject

@property (nonatomic, copy, readonly) NSSet<NSData *> *pinnedKeyHashes;

- (instancetype)initWithPinnedKeyHashes:(NSSet<NSData *> *)pinnedKeyHashes NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (BOOL)evaluateServerTrust:(SecTrustRef)serverTrust forHost:(NSString *)host;

/// SHA-256 over the DER encoded SubjectPublicKeyInfo of the given key.
+ (nullable NSData *)SPKIHashForPublicKey:(SecKeyRef)publicKey;

@end

NS_ASSUME_NONNULL_END
