//
//  HRAPIClient.m
//  Hearth
//
//  Created by Marta Lindqvist on 20/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRAPIClient.h"
#import "HRConstants.h"
#import "HRLogging.h"
#import <UIKit/UIKit.h>

@interface HRAPIClient ()
@property (nonatomic, strong) NSURLSession *session;
@end

@implementation HRAPIClient

HR_SHARED_INSTANCE(HRAPIClient, sharedClient, [[HRAPIClient alloc] initWithBaseURL:[NSURL URLWithString:HRCloudAPIBaseURLString]])

+ (NSString *)userAgent
{
    NSDictionary *info = NSBundle.mainBundle.infoDictionary;
    return [NSString stringWithFormat:@"Hearth/%@ (%@; iOS %@)",
            info[@"CFBundleShortVersionString"],
            info[@"CFBundleVersion"],
            UIDevice.currentDevice.systemVersion];
}

- (instancetype)initWithBaseURL:(NSURL *)baseURL
{
    if ((self = [super init])) {
        _baseURL = baseURL;
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.timeoutIntervalForRequest = 20.0;
        configuration.waitsForConnectivity = YES;
        configuration.URLCache = nil;
        configuration.HTTPAdditionalHeaders = @{
            @"User-Agent": [[self class] userAgent],
            @"Accept": @"application/json",
        };
        _session = [NSURLSession sessionWithConfiguration:configuration];
    }
    return self;
}

#pragma mark - Public

- (NSURLSessionDataTask *)GET:(NSString *)path parameters:(NSDictionary<NSString *, NSString *> *)parameters completion:(HRAPICompletion)completion
{
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
    request.HTTPMethod = @"GET";
    return [self performRequest:request allowRetry:YES completion:completion];
}

- (NSURLSessionDataTask *)POST:(NSString *)path JSONBody:(id)body completion:(HRAPICompletion)completion
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[self.baseURL URLByAppendingPathComponent:path]];
    request.HTTPMethod = @"POST";
    if (body) {
        request.HTTPBody = [NSJSONSerialization dataWithJSONObject:body options:0 error:NULL];
        [request setValue:@"application/json" forHTTPHeaderField:@"Content-Type"];
    }
    return [self performRequest:request allowRetry:YES completion:completion];
}

#pragma mark - Private

- (NSURLSessionDataTask *)performRequest:(NSMutableURLRequest *)request
                              allowRetry:(BOOL)allowRetry
                              completion:(HRAPICompletion)completion
{
    NSString *token = [self.tokenProvider currentAccessToken];
    if (token.length > 0) {
        [request setValue:[@"Bearer " stringByAppendingString:token] forHTTPHeaderField:@"Authorization"];
    }

    HRLogDebug(HRLogCategoryNetwork, @"%@ %@", request.HTTPMethod, request.URL.path);

    __weak typeof(self) weakSelf = self;
    NSURLSessionDataTask *task = [self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSHTTPURLResponse *http = (NSHTTPURLResponse *)response;

        if (http.statusCode == 401 && allowRetry && weakSelf.tokenProvider) {
            [weakSelf.tokenProvider refreshAccessTokenWithCompletion:^(NSString *newToken, NSError *refreshError) {
                if (newToken == nil) {
                    [weakSelf deliver:nil response:http error:refreshError completion:completion];
                    return;
                }
                [weakSelf performRequest:request allowRetry:NO completion:completion];
            }];
            return;
        }

        if (error) {
            HRLogError(HRLogCategoryNetwork, @"%@ %@ failed: %@ %ld",
                       request.HTTPMethod, request.URL.path, error.domain, (long)error.code);
            [weakSelf deliver:nil response:http error:error completion:completion];
            return;
        }

        id JSON = data.length > 0 ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
        if (http.statusCode < 200 || http.statusCode >= 300) {
            HRLogError(HRLogCategoryNetwork, @"%@ %@ -> HTTP %ld", request.HTTPMethod, request.URL.path, (long)http.statusCode);
            NSError *httpError = [NSError errorWithDomain:HRErrorDomain
                                                     code:HRErrorCodeBadResponse
                                                 userInfo:@{ @"HTTPStatus": @(http.statusCode) }];
            [weakSelf deliver:JSON response:http error:httpError completion:completion];
            return;
        }
        [weakSelf deliver:JSON response:http error:nil completion:completion];
    }];
    [task resume];
    return task;
}

- (void)deliver:(id)JSON response:(NSHTTPURLResponse *)response error:(NSError *)error completion:(HRAPICompletion)completion
{
    dispatch_async(dispatch_get_main_queue(), ^{
        completion(JSON, response, error);
    });
}

@end
