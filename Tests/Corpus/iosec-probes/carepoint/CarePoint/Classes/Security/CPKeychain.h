//
//  CPKeychain.h
//  CarePoint
//
//  Created by Dana Whitfield on 4/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

@class LAContext;

NS_ASSUME_NONNULL_BEGIN

typedef NS_ENUM(NSInteger, CPKeychainResult) {
    CPKeychainResultSuccess = 0,
    CPKeychainResultNotFound,
    CPKeychainResultLocked,        // errSecInteractionNotAllowed: device locked / protected data unavailable
    CPKeychainResultUserCanceled,
    CPKeychainResultAuthFailed,
    CPKeychainResultFailure
};

@interface CPKeychain : NSObject

+ (instancetype)sharedKeychain;

- (instancetype)initWithService:(NSString *)service accessGroup:(nullable NSString *)accessGroup NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

@property (nonatomic, copy, readonly) NSString *service;

- (CPKeychainResult)setData:(NSData *)data forAccount:(NSString *)account;
- (nullable NSData *)dataForAccount:(NSString *)account result:(nullable CPKeychainResult *)outResult;
- (CPKeychainResult)removeDataForAccount:(NSString *)account;

- (CPKeychainResult)setString:(NSString *)string forAccount:(NSString *)account;
- (nullable NSString *)stringForAccount:(NSString *)account result:(nullable CPKeychainResult *)outResult;

/// Item is only readable after a successful biometric match with the *current* enrolment.
- (CPKeychainResult)setBiometryProtectedData:(NSData *)data forAccount:(NSString *)account error:(NSError **)error;
- (nullable NSData *)biometryProtectedDataForAccount:(NSString *)account
                                             context:(LAContext *)context
                                              result:(nullable CPKeychainResult *)outResult;

@end

NS_ASSUME_NONNULL_END
