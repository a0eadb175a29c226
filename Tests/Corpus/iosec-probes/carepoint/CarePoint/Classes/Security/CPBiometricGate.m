//
//  CPBiometricGate.m
//  CarePoint
//
//  Created by Priya Raman on 1/15/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPBiometricGate.h"
#import "CPKeychain.h"

static NSString * const kCPBiometricUsernameKey = @"u";
static NSString * const kCPBiometricPasswordKey = @"p";

@implementation CPBiometricGate

+ (BOOL)isBiometryAvailable {
    LAContext *context = [[LAContext alloc] init];
    NSError *error = nil;
    BOOL available = [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&error];
    if (!available) {
        CPLog(@"Biometry unavailable: %@", error);
    }
    return available;
}

+ (LABiometryType)biometryType {
    LAContext *context = [[LAContext alloc] init];
    [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL];
    return context.biometryType;
}

+ (NSString *)localizedBiometryName {
    switch ([self biometryType]) {
        case LABiometryTypeFaceID:  return @"Face ID";
        case LABiometryTypeTouchID: return @"Touch ID";
        default:                    return NSLocalizedString(@"Passcode", nil);
    }
}

- (BOOL)storeUsername:(NSString *)username password:(NSString *)password error:(NSError **)error {
    NSData *blob = [NSJSONSerialization dataWithJSONObject:@{ kCPBiometricUsernameKey: username,
                                                              kCPBiometricPasswordKey: password }
                                                   options:0
                                                     error:error];
    if (!blob) {
        return NO;
    }
    CPKeychainResult result = [[CPKeychain sharedKeychain] setBiometryProtectedData:blob
                                                                         forAccount:kCPKeychainAccountBiometric
                                                                              error:error];
    return result == CPKeychainResultSuccess;
}

- (void)unlockWithReason:(NSString *)reason completion:(CPBiometricUnlockCompletion)completion {
    LAContext *context = [[LAContext alloc] init];
    context.localizedFallbackTitle = @"";   // no passcode fallback; user can type their password instead
    context.localizedReason = reason;

    NSError *policyError = nil;
    if (![context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:&policyError]) {
        completion(nil, nil, policyError);
        return;
    }

    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
            localizedReason:reason
                      reply:^(BOOL success, NSError * _Nullable evalError) {
        if (!success) {
            NSLog(@"CPBiometricGate: evaluation failed (%ld)", (long)evalError.code);
            dispatch_async(dispatch_get_main_queue(), ^{ completion(nil, nil, evalError); });
            return;
        }

        // The keychain item itself is bound to biometry; reusing the evaluated context
        // releases it without a second prompt.
        CPKeychainResult result = CPKeychainResultFailure;
        NSData *blob = [[CPKeychain sharedKeychain] biometryProtectedDataForAccount:kCPKeychainAccountBiometric
                                                                             context:context
                                                                              result:&result];
        NSDictionary *credentials = blob ? [NSJSONSerialization JSONObjectWithData:blob options:0 error:NULL] : nil;
        NSString *username = [credentials isKindOfClass:[NSDictionary class]] ? credentials[kCPBiometricUsernameKey] : nil;
        NSString *password = [credentials isKindOfClass:[NSDictionary class]] ? credentials[kCPBiometricPasswordKey] : nil;

        dispatch_async(dispatch_get_main_queue(), ^{
            if (username.length == 0 || password.length == 0) {
                NSError *err = [NSError errorWithDomain:LAErrorDomain
                                                   code:(result == CPKeychainResultNotFound ? LAErrorBiometryNotEnrolled : LAErrorAuthenticationFailed)
                                               userInfo:nil];
                completion(nil, nil, err);
            } else {
                completion(username, password, nil);
            }
        });
    }];
}

- (void)removeStoredCredentials {
    [[CPKeychain sharedKeychain] removeDataForAccount:kCPKeychainAccountBiometric];
    [[NSUserDefaults standardUserDefaults] setBool:NO forKey:kCPDefaultsBiometricsEnabled];
}

@end
