//
//  CPKeychain.m
//  CarePoint
//
//  Created by Dana Whitfield on 4/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPKeychain.h"
#import <Security/Security.h>
#import <LocalAuthentication/LocalAuthentication.h>

@interface CPKeychain ()
@property (nonatomic, copy, readwrite) NSString *service;
@property (nonatomic, copy, nullable) NSString *accessGroup;
@end

@implementation CPKeychain

+ (instancetype)sharedKeychain {
    static CPKeychain *shared;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        shared = [[CPKeychain alloc] initWithService:kCPKeychainService accessGroup:nil];
    });
    return shared;
}

- (instancetype)initWithService:(NSString *)service accessGroup:(NSString *)accessGroup {
    NSParameterAssert(service.length > 0);
    self = [super init];
    if (self) {
        _service = [service copy];
        _accessGroup = [accessGroup copy];
    }
    return self;
}

#pragma mark - Helpers

- (NSMutableDictionary *)baseQueryForAccount:(NSString *)account {
    NSMutableDictionary *query = [NSMutableDictionary dictionaryWithCapacity:6];
    query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
    query[(__bridge id)kSecAttrService] = self.service;
    query[(__bridge id)kSecAttrAccount] = account;
    if (self.accessGroup.length > 0) {
        query[(__bridge id)kSecAttrAccessGroup] = self.accessGroup;
    }
    return query;
}

- (CPKeychainResult)resultForStatus:(OSStatus)status {
    switch (status) {
        case errSecSuccess:               return CPKeychainResultSuccess;
        case errSecItemNotFound:          return CPKeychainResultNotFound;
        case errSecInteractionNotAllowed: return CPKeychainResultLocked;
        case errSecUserCanceled:          return CPKeychainResultUserCanceled;
        case errSecAuthFailed:            return CPKeychainResultAuthFailed;
        default:                          return CPKeychainResultFailure;
    }
}

#pragma mark - Generic password items

- (CPKeychainResult)setData:(NSData *)data forAccount:(NSString *)account {
    NSParameterAssert(data != nil);
    NSParameterAssert(account.length > 0);

    NSMutableDictionary *query = [self baseQueryForAccount:account];
    NSDictionary *attributes = @{
        (__bridge id)kSecValueData      : data,
        (__bridge id)kSecAttrAccessible : (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
    };

    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)attributes);
    if (status == errSecItemNotFound) {
        [query addEntriesFromDictionary:attributes];
        status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    }

    if (status != errSecSuccess) {
        NSLog(@"CPKeychain: write failed, OSStatus %d", (int)status);
    }
    return [self resultForStatus:status];
}

- (NSData *)dataForAccount:(NSString *)account result:(CPKeychainResult *)outResult {
    NSMutableDictionary *query = [self baseQueryForAccount:account];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;

    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (outResult) {
        *outResult = [self resultForStatus:status];
    }

    switch (status) {
        case errSecSuccess:
            return (__bridge_transfer NSData *)result;

        case errSecItemNotFound:
            CPLog(@"No keychain item for %@/%@", self.service, account);
            return nil;

        case errSecInteractionNotAllowed:
            // Device is locked (e.g. silent push woke us). The item is still there -- leave it
            // alone and let the caller retry once protected data becomes available.
            NSLog(@"CPKeychain: item unavailable while device locked");
            return nil;

        default:
            NSLog(@"CPKeychain: read failed, OSStatus %d", (int)status);
            if (result) {
                CFRelease(result);
            }
            return nil;
    }
}

- (CPKeychainResult)removeDataForAccount:(NSString *)account {
    OSStatus status = SecItemDelete((__bridge CFDictionaryRef)[self baseQueryForAccount:account]);
    if (status == errSecItemNotFound) {
        return CPKeychainResultSuccess;
    }
    return [self resultForStatus:status];
}

- (CPKeychainResult)setString:(NSString *)string forAccount:(NSString *)account {
    NSData *data = [string dataUsingEncoding:NSUTF8StringEncoding];
    if (!data) {
        return CPKeychainResultFailure;
    }
    return [self setData:data forAccount:account];
}

- (NSString *)stringForAccount:(NSString *)account result:(CPKeychainResult *)outResult {
    NSData *data = [self dataForAccount:account result:outResult];
    return data ? [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding] : nil;
}

#pragma mark - Biometry

- (CPKeychainResult)setBiometryProtectedData:(NSData *)data forAccount:(NSString *)account error:(NSError **)error {
    CFErrorRef accessError = NULL;
    SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                                                                 kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                 kSecAccessControlBiometryCurrentSet,
                                                                 &accessError);
    if (access == NULL) {
        NSError *bridged = CFBridgingRelease(accessError);
        if (error) {
            *error = bridged;
        }
        return CPKeychainResultFailure;
    }

    // Access-controlled items can't be updated without authenticating, so replace the item.
    NSMutableDictionary *query = [self baseQueryForAccount:account];
    SecItemDelete((__bridge CFDictionaryRef)query);

    query[(__bridge id)kSecValueData] = data;
    query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;

    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    if (status != errSecSuccess) {
        NSLog(@"CPKeychain: biometry item add failed, OSStatus %d", (int)status);
        if (error) {
            *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil];
        }
    }
    return [self resultForStatus:status];
}

- (NSData *)biometryProtectedDataForAccount:(NSString *)account context:(LAContext *)context result:(CPKeychainResult *)outResult {
    NSMutableDictionary *query = [self baseQueryForAccount:account];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;
    query[(__bridge id)kSecUseAuthenticationContext] = context;

    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (outResult) {
        *outResult = [self resultForStatus:status];
    }
    if (status != errSecSuccess) {
        NSLog(@"CPKeychain: biometry item read failed, OSStatus %d", (int)status);
        return nil;
    }
    return (__bridge_transfer NSData *)result;
}

@end
