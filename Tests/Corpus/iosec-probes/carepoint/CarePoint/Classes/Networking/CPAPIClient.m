//
//  CPAPIClient.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/16/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPAPIClient.h"
#import "CPPinningSessionDelegate.h"
#import "CPSessionManager.h"
#import "CPResponseCache.h"
#import "CPMedicalRecord.h"
#import "NSData+CPDigest.h"
#import <CommonCrypto/CommonDigest.h>
#include <sys/sysctl.h>

NSString * const CPAPIErrorDomain = @"com.carepoint.api";

static NSTimeInterval const kCPOfflineCacheMaxAge = 60 * 60 * 24;

static NSString *CPUserAgent(void) {
    static NSString *userAgent;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        char machine[32] = {0};
        size_t length = sizeof(machine) - 1;
        if (sysctlbyname("hw.machine", machine, &length, NULL, 0) != 0) {
            strlcpy(machine, "iPhone", sizeof(machine));
        }

        NSString *version = [[NSBundle mainBundle] objectForInfoDictionaryKey:@"CFBundleShortVersionString"] ?: @"0";
        NSString *build = [[NSBundle mainBundle] objectForInfoDictionaryKey:(NSString *)kCFBundleVersionKey] ?: @"0";
        NSString *os = [UIDevice currentDevice].systemVersion;

        char buffer[160];
        snprintf(buffer, sizeof(buffer), "CarePoint/%s.%s (%s; iOS %s)",
                 version.UTF8String, build.UTF8String, machine, os.UTF8String);
        userAgent = [NSString stringWithUTF8String:buffer];
    });
    return userAgent;
}

@interface CPAPIClient ()
@property (nonatomic, strong, readwrite) NSURLSession *session;
@property (nonatomic, copy) NSURL *baseURL;
@end

@implementation CPAPIClient

+ (instancetype)sharedClient {
    static CPAPIClient *client;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        client = [[CPAPIClient alloc] init];
    });
    return client;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        NSURLSessionConfiguration *config = [NSURLSessionConfiguration ephemeralSessionConfiguration];
        config.timeoutIntervalForRequest = kCPRequestTimeout;
        config.timeoutIntervalForResource = kCPResourceTimeout;
        config.requestCachePolicy = NSURLRequestReloadIgnoringLocalCacheData;
        config.HTTPShouldSetCookies = NO;
        config.TLSMinimumSupportedProtocolVersion = tls_protocol_version_TLSv12;
        config.HTTPAdditionalHeaders = @{
            @"User-Agent"           : CPUserAgent(),
            @"Accept"               : @"application/json",
            kCPClientVersionHeader  : [[NSBundle mainBundle] objectForInfoDictionaryKey:@"CFBundleShortVersionString"] ?: @"0",
        };

        _session = [NSURLSession sessionWithConfiguration:config
                                                 delegate:[CPPinningSessionDelegate defaultDelegate]
                                            delegateQueue:nil];
        _baseURL = [[NSURL URLWithString:kCPAPIBaseURL] URLByAppendingPathComponent:kCPAPIVersion];
    }
    return self;
}

#pragma mark - Request building

- (NSMutableURLRequest *)requestWithMethod:(NSString *)method
                                      path:(NSString *)path
                                parameters:(NSDictionary<NSString *, NSString *> *)parameters
                             authenticated:(BOOL)authenticated {
    NSURLComponents *components = [NSURLComponents componentsWithURL:[self.baseURL URLByAppendingPathComponent:path]
                                             resolvingAgainstBaseURL:NO];
    if (parameters.count > 0) {
        NSMutableArray<NSURLQueryItem *> *items = [NSMutableArray arrayWithCapacity:parameters.count];
        [parameters enumerateKeysAndObjectsUsingBlock:^(NSString *key, NSString *value, BOOL *stop) {
            [items addObject:[NSURLQueryItem queryItemWithName:key value:value]];
        }];
        components.queryItems = items;
    }

    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:components.URL];
    request.HTTPMethod = method;

    if (authenticated) {
        NSString *token = [CPSessionManager sharedManager].accessToken;
        if (token.length > 0) {
            [request setValue:token forHTTPHeaderField:kCPTokenHeader];
        }
        CPLog(@"%@ %@ [%@: %@]", method, components.path, kCPTokenHeader, token);
    }
    return request;
}

#pragma mark - Public

- (NSURLSessionDataTask *)GET:(NSString *)path parameters:(NSDictionary<NSString *,NSString *> *)parameters completion:(CPAPICompletion)completion {
    NSMutableURLRequest *request = [self requestWithMethod:@"GET" path:path parameters:parameters authenticated:YES];
    return [self performRequest:request retryOnUnauthorized:YES completion:completion];
}

- (NSURLSessionDataTask *)POST:(NSString *)path JSONBody:(NSDictionary *)body authenticated:(BOOL)authenticated completion:(CPAPICompletion)completion {
    NSMutableURLRequest *request = [self requestWithMethod:@"POST" path:path parameters:nil authenticated:authenticated];
    NSError *encodingError = nil;
    request.HTTPBody = [NSJSONSerialization dataWithJSONObject:body options:0 error:&encodingError];
    if (encodingError) {
        if (completion) { completion(nil, nil, encodingError); }
        return nil;
    }
    [request setValue:@"application/json; charset=utf-8" forHTTPHeaderField:@"Content-Type"];
    return [self performRequest:request retryOnUnauthorized:authenticated completion:completion];
}

#pragma mark - Execution

- (NSURLSessionDataTask *)performRequest:(NSURLRequest *)request
                     retryOnUnauthorized:(BOOL)retry
                              completion:(CPAPICompletion)completion {
    __weak typeof(self) weakSelf = self;
    NSURLSessionDataTask *task = [self.session dataTaskWithRequest:request
                                                 completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSHTTPURLResponse *http = [response isKindOfClass:[NSHTTPURLResponse class]] ? (NSHTTPURLResponse *)response : nil;
        BOOL isGET = [request.HTTPMethod isEqualToString:@"GET"];

        if (error) {
            NSLog(@"CPAPIClient: %@ failed (%@ %ld)", request.HTTPMethod, error.domain, (long)error.code);
            NSData *cached = isGET ? [[CPResponseCache sharedCache] cachedResponseDataForURL:request.URL maxAge:kCPOfflineCacheMaxAge] : nil;
            if (cached) {
                [weakSelf finishWithData:cached response:nil error:nil completion:completion];
            } else {
                [weakSelf finishWithData:nil response:http error:error completion:completion];
            }
            return;
        }

        if (http.statusCode == 401 && retry) {
            NSString *sentToken = [request valueForHTTPHeaderField:kCPTokenHeader];
            NSLog(@"CPAPIClient: 401 from %@ with token %@, refreshing session", request.URL.path, sentToken);
            [[CPSessionManager sharedManager] refreshSessionWithCompletion:^(BOOL success, NSError *refreshError) {
                if (!success) {
                    [weakSelf finishWithData:nil response:http error:[weakSelf errorForResponse:http] completion:completion];
                    return;
                }
                NSMutableURLRequest *retried = [request mutableCopy];
                [retried setValue:[CPSessionManager sharedManager].accessToken forHTTPHeaderField:kCPTokenHeader];
                [weakSelf performRequest:retried retryOnUnauthorized:NO completion:completion];
            }];
            return;
        }

        if (http.statusCode < 200 || http.statusCode >= 300) {
            CPLog(@"HTTP %ld body: %@", (long)http.statusCode, [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding]);
            [weakSelf finishWithData:nil response:http error:[weakSelf errorForResponse:http] completion:completion];
            return;
        }

        if (isGET && data.length > 0) {
            [[CPResponseCache sharedCache] storeResponseData:data forURL:request.URL];
        }
        [weakSelf finishWithData:data response:http error:nil completion:completion];
    }];
    [task resume];
    return task;
}

- (void)finishWithData:(NSData *)data response:(NSHTTPURLResponse *)response error:(NSError *)error completion:(CPAPICompletion)completion {
    if (!completion) {
        return;
    }
    id json = nil;
    NSError *parseError = nil;
    if (data.length > 0 && error == nil) {
        json = [NSJSONSerialization JSONObjectWithData:data options:0 error:&parseError];
    }
    dispatch_async(dispatch_get_main_queue(), ^{
        completion(json, response, error ?: parseError);
    });
}

- (NSError *)errorForResponse:(NSHTTPURLResponse *)response {
    return [NSError errorWithDomain:CPAPIErrorDomain
                               code:response.statusCode
                           userInfo:@{ NSLocalizedDescriptionKey: [NSHTTPURLResponse localizedStringForStatusCode:response.statusCode] }];
}

#pragma mark - Attachments

- (NSURLSessionDownloadTask *)downloadAttachmentForRecord:(CPMedicalRecord *)record
                                              destination:(NSURL *)destinationURL
                                               completion:(CPAPIDownloadCompletion)completion {
    if (record.attachmentSHA256.length != CC_SHA256_DIGEST_LENGTH * 2) {
        completion(nil, [NSError errorWithDomain:CPAPIErrorDomain code:-1 userInfo:nil]);
        return nil;
    }

    NSString *path = [NSString stringWithFormat:@"records/%@/attachment", record.recordID];
    NSURLRequest *request = [self requestWithMethod:@"GET" path:path parameters:nil authenticated:YES];
    NSURLSessionDownloadTask *task = [self.session downloadTaskWithRequest:request
                                                         completionHandler:^(NSURL *location, NSURLResponse *response, NSError *error) {
        if (error || location == nil) {
            dispatch_async(dispatch_get_main_queue(), ^{ completion(nil, error); });
            return;
        }

        NSData *expected = [NSData cp_dataWithHexString:record.attachmentSHA256];
        NSData *actual = [NSData cp_SHA256DigestOfFileAtURL:location error:NULL];
        if (expected == nil || ![actual cp_constantTimeIsEqualToData:expected]) {
            NSLog(@"CPAPIClient: attachment integrity check failed");
            dispatch_async(dispatch_get_main_queue(), ^{
                completion(nil, [NSError errorWithDomain:CPAPIErrorDomain code:-2 userInfo:nil]);
            });
            return;
        }

        NSFileManager *fm = [NSFileManager defaultManager];
        NSError *moveError = nil;
        [fm removeItemAtURL:destinationURL error:NULL];
        BOOL moved = [fm moveItemAtURL:location toURL:destinationURL error:&moveError];
        if (moved) {
            [fm setAttributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                 ofItemAtPath:destinationURL.path
                        error:NULL];
        }
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(moved ? destinationURL : nil, moveError);
        });
    }];
    [task resume];
    return task;
}

@end
