// The 1.x Keychain wrapper, still used for the legacy session's items.
#import <Security/Security.h>

@implementation ACMLegacyKeychain

- (void)storeSessionKey:(NSData *)sessionKey {
    NSDictionary *item = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy.session",
        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        (__bridge id)kSecValueData: sessionKey,
    };
    SecItemDelete((__bridge CFDictionaryRef)item);
    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
}

- (NSData *)sessionKey {
    NSDictionary *query = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy.session",
        (__bridge id)kSecReturnData: @YES,
    };
    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (status != errSecSuccess) {
        SecItemDelete((__bridge CFDictionaryRef)query);
        return nil;
    }
    return (__bridge_transfer NSData *)result;
}

- (void)ensureDeviceID:(NSData *)deviceID {
    NSMutableDictionary *query = [@{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy.device",
        (__bridge id)kSecMatchLimit: (__bridge id)kSecMatchLimitOne,
    } mutableCopy];
    if (SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL) == errSecItemNotFound) {
        query[(__bridge id)kSecValueData] = deviceID;
        query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
        SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    }
}

- (void)moveSessionKeyToThisDevice {
    NSDictionary *query = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy.session",
    };
    NSDictionary *changes = @{
        (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL),
    };
    SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes);
}

- (SecKeyRef)signingKey {
    NSDictionary *query = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassKey,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy.signing",
        (__bridge id)kSecReturnRef: @YES,
    };
    CFTypeRef key = NULL;
    SecItemCopyMatching((__bridge CFDictionaryRef)query, &key);
    return (SecKeyRef)key;
}

@end
