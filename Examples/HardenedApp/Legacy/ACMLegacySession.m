// The Objective-C session layer AcmeWallet 1.x shipped with, as it should be: secrets in the Keychain, TLS
// evaluated, SHA-256, AES, bounded C strings.
#import <Foundation/Foundation.h>
#import <CommonCrypto/CommonCrypto.h>
#import <Security/Security.h>

static NSString *const kLegacyTokenKey = @"legacy_auth_token";
static NSString *const kLegacyBaseURL = @"https://legacy.acmewallet.com/api";

@implementation ACMLegacySession

- (void)storeToken:(NSData *)token {
    NSDictionary *item = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy",
        (__bridge id)kSecAttrAccount: kLegacyTokenKey,
        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        (__bridge id)kSecValueData: token,
    };
    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
#if DEBUG
    NSLog(@"legacy login ok");
#endif
}

- (NSData *)digest:(NSData *)data {
    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(data.bytes, (CC_LONG)data.length, digest);
    return [NSData dataWithBytes:digest length:sizeof digest];
}

- (void)writeReceipt:(NSData *)receipt toPath:(NSString *)path {
    [receipt writeToFile:path options:NSDataWritingFileProtectionComplete error:nil];
}

- (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
}

- (void)formatDeviceLabel:(const char *)name into:(char *)buffer size:(size_t)size {
    snprintf(buffer, size, "device=%s", name);
}

- (SecKeyRef)makeDeviceSigningKey {
    NSDictionary *attributes = @{
        (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
        (__bridge id)kSecAttrKeySizeInBits: @256,
        (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
    };
    return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
}

- (NSURLRequest *)legacyLoginRequestForUser:(NSString *)user password:(NSString *)password {
    NSMutableURLRequest *request =
        [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@"https://legacy.acmewallet.com/api/login"]];
    request.HTTPMethod = @"POST";
    NSString *form = [NSString stringWithFormat:@"user=%@&password=%@", user, password];
    request.HTTPBody = [form dataUsingEncoding:NSUTF8StringEncoding];
    return request;
}

@end
