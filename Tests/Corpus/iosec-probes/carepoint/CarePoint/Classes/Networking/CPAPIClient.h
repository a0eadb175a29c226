//
//  CPAPIClient.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/16/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

@class CPMedicalRecord;

NS_ASSUME_NONNULL_BEGIN

extern NSString * const CPAPIErrorDomain;

typedef void (^CPAPICompletion)(id _Nullable json, NSHTTPURLResponse * _Nullable response, NSError * _Nullable error);
typedef void (^CPAPIDownloadCompletion)(NSURL * _Nullable fileURL, NSError * _Nullable error);

@interface CPAPIClient : NSObject

+ (instancetype)sharedClient;

@property (nonatomic, strong, readonly) NSURLSession *session;

- (nullable NSURLSessionDataTask *)GET:(NSString *)path
                            parameters:(nullable NSDictionary<NSString *, NSString *> *)parameters
                            completion:(CPAPICompletion)completion;

- (nullable NSURLSessionDataTask *)POST:(NSString *)path
                               JSONBody:(NSDictionary *)body
                          authenticated:(BOOL)authenticated
                             completion:(nullable CPAPICompletion)completion;

/// Downloads the record's attachment and verifies it against `attachmentSHA256`.
- (nullable NSURLSessionDownloadTask *)downloadAttachmentForRecord:(CPMedicalRecord *)record
                                                       destination:(NSURL *)destinationURL
                                                        completion:(CPAPIDownloadCompletion)completion;

@end

NS_ASSUME_NONNULL_END
