//
//  HRKeychain.h
//  Hearth
//
//  Created by Marta Lindqvist on 02/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

FOUNDATION_EXPORT NSString * const HRKeychainErrorDomain;

/// Thin wrapper around generic password items. Items are never synchronised to
/// iCloud Keychain and are only readable after the first unlock on this device.
@interface HRKeychain : NSObject

@property (class, nonatomic, readonly) HRKeychain *oauthKeychain;
@property (class, nonatomic, readonly) HRKeychain *hubKeychain;

@property (nonatomic, copy, readonly) NSString *service;
@property (nonatomic, copy, readonly, nullable) NSString *accessGroup;

- (instancetype)initWithService:(NSString *)service accessGroup:(nullable NSString *)accessGroup NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (BOOL)setData:(NSData *)data forAccount:(NSString *)account error:(NSError **)error;
- (nullable NSData *)dataForAccount:(NSString *)account error:(NSError **)error;

- (BOOL)setString:(NSString *)string forAccount:(NSString *)account error:(NSError **)error;
- (nullable NSString *)stringForAccount:(NSString *)account error:(NSError **)error;

- (BOOL)removeItemForAccount:(NSString *)account error:(NSError **)error;
- (BOOL)removeAllItems:(NSError **)error;

@end

NS_ASSUME_NONNULL_END
