//
//  CPSessionManager.h
//  CarePoint
//
//  Created by Dana Whitfield on 4/2/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

extern NSString * const CPSessionDidChangeNotification;

typedef void (^CPSessionCompletion)(BOOL success, NSError * _Nullable error);

@interface CPSessionManager : NSObject

+ (instancetype)sharedManager;

@property (nonatomic, copy, readonly, nullable) NSString *accessToken;
@property (nonatomic, copy, readonly, nullable) NSString *patientID;
@property (nonatomic, readonly, getter=isAuthenticated) BOOL authenticated;

/// Loads tokens from the keychain. Returns NO if nothing is stored or the device is locked.
- (BOOL)restoreSession;

- (void)loginWithUsername:(NSString *)username
                 password:(NSString *)password
               completion:(CPSessionCompletion)completion;

- (void)loginWithBiometricsReason:(NSString *)reason completion:(CPSessionCompletion)completion;

- (void)refreshSessionWithCompletion:(CPSessionCompletion)completion;

- (void)registerPushToken:(NSString *)hexToken;

- (void)noteBackgrounded;
- (BOOL)shouldRequireReauthentication;

- (void)logout;

@end

NS_ASSUME_NONNULL_END
