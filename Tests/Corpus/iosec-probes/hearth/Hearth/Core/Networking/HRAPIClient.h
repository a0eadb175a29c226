//
//  HRAPIClient.h
//  Hearth
//
//  Created by Marta Lindqvist on 20/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef void (^HRAPICompletion)(id _Nullable JSON, NSHTTPURLResponse * _Nullable response, NSError * _Nullable error);
typedef void (^HRAccessTokenCompletion)(NSString * _Nullable accessToken, NSError * _Nullable error);

@protocol HRAccessTokenProviding <NSObject>
- (nullable NSString *)currentAccessToken;
- (void)refreshAccessTokenWithCompletion:(HRAccessTokenCompletion)completion;
@end

/// JSON client for the Hearth cloud API.
@interface HRAPIClient : NSObject

@property (class, nonatomic, readonly) HRAPIClient *sharedClient NS_SWIFT_NAME(shared);
@property (nonatomic, weak, nullable) id<HRAccessTokenProviding> tokenProvider;
@property (nonatomic, strong, readonly) NSURL *baseURL;

- (instancetype)initWithBaseURL:(NSURL *)baseURL NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (NSURLSessionDataTask *)GET:(NSString *)path
                   parameters:(nullable NSDictionary<NSString *, NSString *> *)parameters
                   completion:(HRAPICompletion)completion NS_SWIFT_NAME(get(_:parameters:completion:));

- (NSURLSessionDataTask *)POST:(NSString *)path
                      JSONBody:(nullable id)body
                    completion:(HRAPICompletion)completion NS_SWIFT_NAME(post(_:body:completion:));

@end

NS_ASSUME_NONNULL_END
