//
//  DDKeychain.m
//  Dashdrop
//

#import "DDKeychain.h"

@implementation DDKeychain

+ (NSMutableDictionary *)queryForKey:(NSString *)key
{
    return [@{
        (__bridge id)kSecClass:       (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: DDKeychainService,
        (__bridge id)kSecAttrAccount: key,
    } mutableCopy];
}

+ (BOOL)setData:(NSData *)data forKey:(NSString *)key accessibility:(CFStringRef)accessibility
{
    NSMutableDictionary *query = [self queryForKey:key];
    NSDictionary *attributes = @{
        (__bridge id)kSecValueData:      data,
        (__bridge id)kSecAttrAccessible: (__bridge id)accessibility,
    };
    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)attributes);
    if (status == errSecItemNotFound) {
        [query addEntriesFromDictionary:attributes];
        status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    }
    if (status != errSecSuccess) {
        DDLogError("Keychain write failed for %{public}@ (status %d)", key, (int)status);
    }
    return status == errSecSuccess;
}

+ (nullable NSData *)dataForKey:(NSString *)key
{
    NSMutableDictionary *query = [self queryForKey:key];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;

    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (status != errSecSuccess) {
        if (status != errSecItemNotFound) {
            DDLogError("Keychain read failed for %{public}@ (status %d)", key, (int)status);
        }
        return nil;
    }
    return (__bridge_transfer NSData *)result;
}

+ (BOOL)removeItemForKey:(NSString *)key
{
    OSStatus status = SecItemDelete((__bridge CFDictionaryRef)[self queryForKey:key]);
    return status == errSecSuccess || status == errSecItemNotFound;
}

@end
