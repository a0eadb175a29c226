//
//  HRHubConnection.h
//  Hearth
//
//  Created by Marta Lindqvist on 11/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@class HRHubConnection;

@protocol HRHubConnectionDelegate <NSObject>
- (void)hubConnection:(HRHubConnection *)connection didReceiveEvent:(NSDictionary<NSString *, id> *)event;
@end

typedef void (^HRHubCompletion)(NSError * _Nullable error);

/// HTTPS + WebSocket connection to a hub on the local network.
@interface HRHubConnection : NSObject

@property (nonatomic, copy, readonly) NSString *hubIdentifier;
@property (nonatomic, copy, readonly) NSString *host;
@property (nonatomic, assign, readonly) NSInteger port;
@property (nonatomic, assign, readonly, getter=isConnected) BOOL connected;
@property (nonatomic, weak, nullable) id<HRHubConnectionDelegate> delegate;
@property (nonatomic, readonly, getter=isPaired) BOOL paired;

- (instancetype)initWithHubIdentifier:(NSString *)hubIdentifier
                                 host:(NSString *)host
                                 port:(NSInteger)port
                      pinnedKeyHashes:(NSSet<NSData *> *)pinnedKeyHashes NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

/// Exchanges the one-time setup code from the QR label for a long-lived hub key.
- (void)pairWithSetupCode:(NSString *)setupCode
               completion:(void (^)(NSDictionary<NSString *, id> * _Nullable hubInfo, NSError * _Nullable error))completion;

- (void)connect;
- (void)disconnect;

- (void)fetchDevicesWithCompletion:(void (^)(NSArray<NSDictionary<NSString *, id> *> * _Nullable devices, NSError * _Nullable error))completion;

- (void)sendCommand:(NSString *)command
           toDevice:(NSString *)deviceIdentifier
         parameters:(nullable NSDictionary<NSString *, id> *)parameters
         completion:(nullable HRHubCompletion)completion;

- (void)fetchSnapshotForCamera:(NSString *)cameraIdentifier
                    completion:(void (^)(NSData * _Nullable JPEGData, NSError * _Nullable error))completion;

- (void)forgetPairing;

@end

NS_ASSUME_NONNULL_END
