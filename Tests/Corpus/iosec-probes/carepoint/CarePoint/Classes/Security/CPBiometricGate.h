//
//  CPBiometricGate.h
//  CarePoint
//
//  Created by Priya Raman on 1/15/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>
#import <LocalAuthentication/LocalAuthentication.h>

NS_ASSUME_NONNULL_BEGIN

typedef void (^CPBiometricUnlockCompletion)(NSString * _Nullable username,
                                            NSString * _Nullable password,
                                            NSError * _Nullable error);

@interface CPBiometricGate : NSObject

+ (BOOL)isBiometryAvailable;
+ (LABiometryType)biometryType;
+ (NSString *)localizedBiometryName;

/// Saves the credentials behind Face ID / Touch ID (current enrolment only).
- (BOOL)storeUsername:(NSString *)username password:(NSString *)password error:(NSError **)error;

/// Prompts for biometry and returns the stored credentials on the main queue.
- (void)unlockWithReason:(NSString *)reason completion:(CPBiometricUnlockCompletion)completion;

- (void)removeStoredCredentials;

@end

NS_ASSUME_NONNULL_END
