//
//  HRKeychain.m
//  Hearth
//
//  Created by Marta Lindqvist on 02/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRKeychain.h"
#import "HRConstants.h"
#import <Security/Security.h>

NSString * const HRKeychainErrorDomain = @"com.hearthlabs.hearth.keychain";

static NSError *HRKeychainError(OSStatus status)
{
    NSString *message = CFBridgingRelease(SecCopyErrorMessageString(status, NULL)) ?: @"Keychain error";
    return [NSError errorWithDomain:HRKeychainErrorDomain
                               code:status
                           userInfo:@{ NSLocalizedDescriptionKey: message }];
}

@implementation HRKeychain

HR_SHARED_INSTANCE(HRKeychain, oauthKeychain, [[HRKeychain alloc] initWithService:HRKeychainServiceOAuth accessGroup:nil])

HR_SHARED_INSTANCE(HRKeychain, hubKeychain, [[HRKeychain alloc] initWithService:HRKeychainServiceHubCredentials accessGroup:nil])

- (instancetype)initWithService:(NSString *)service accessGroup:(NSString *)accessGroup
{
    if ((self = [super init])) {
        _service = [service copy];
        _accessGroup = [accessGroup copy];
    }
    return self;
}

#pragma mark - Queries

- (NSMutableDictionary *)baseQuery
{
    NSMutableDictionary *query = [@{
        (__bridge id)kSecClass:                (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService:          self.service,
        (__bridge id)kSecAttrSynchronizable:   @NO,
        (__bridge id)kSecUseDataProtectionKeychain: @YES,
    } mutableCopy];
    if (self.accessGroup.length > 0) {
        query[(__bridge id)kSecAttrAccessGroup] = self.accessGroup;
    }
    return query;
}

- (NSMutableDictionary *)queryForAccount:(NSString *)account
{
    NSMutableDictionary *query = [self baseQuery];
    query[(__bridge id)kSecAttrAccount] = account;
    return query;
}

#pragma mark - Data

- (BOOL)setData:(NSData *)data forAccount:(NSString *)account error:(NSError **)error
{
    NSMutableDictionary *query = [self queryForAccount:account];
    NSDictionary *attributes = @{
        (__bridge id)kSecValueData:      data,
        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
    };

    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)attributes);
    if (status == errSecItemNotFound) {
        [query addEntriesFromDictionary:attributes];
        status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    }

    if (status != errSecSuccess) {
        NSLog(@"[HRKeychain] write failed (service=%@, status=%d)", self.service, (int)status);
        if (error) {
            *error = HRKeychainError(status);
        }
        return NO;
    }
    return YES;
}

- (NSData *)dataForAccount:(NSString *)account error:(NSError **)error
{
    NSMutableDictionary *query = [self queryForAccount:account];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;

    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (status == errSecItemNotFound) {
        return nil;
    }
    if (status != errSecSuccess) {
        NSLog(@"[HRKeychain] read failed (service=%@, status=%d)", self.service, (int)status);
        if (error) {
            *error = HRKeychainError(status);
        }
        return nil;
    }
    return CFBridgingRelease(result);
}

#pragma mark - Strings

- (BOOL)setString:(NSString *)string forAccount:(NSString *)account error:(NSError **)error
{
    NSData *data = [string dataUsingEncoding:NSUTF8StringEncoding];
    return [self setData:data forAccount:account error:error];
}

- (NSString *)stringForAccount:(NSString *)account error:(NSError **)error
{
    NSData *data = [self dataForAccount:account error:error];
    return data ? [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding] : nil;
}

#pragma mark - Removal

- (BOOL)removeItemForAccount:(NSString *)account error:(NSError **)error
{
    OSStatus status = SecItemDelete((__bridge CFDictionaryRef)[self queryForAccount:account]);
    if (status != errSecSuccess && status != errSecItemNotFound) {
        if (error) {
            *error = HRKeychainError(status);
        }
        return NO;
    }
    return YES;
}

- (BOOL)removeAllItems:(NSError **)error
{
    OSStatus status = SecItemDelete((__bridge CFDictionaryRef)[self baseQuery]);
    if (status != errSecSuccess && status != errSecItemNotFound) {
        if (error) {
            *error = HRKeychainError(status);
        }
        return NO;
    }
    return YES;
}

@end
