//
//  STRLegacySyncClient.m
//  Stride
//
//  Copyright © 2019 Stride Coach Ltd. All rights reserved.
//

#import "STRLegacySyncClient.h"

NSErrorDomain const STRLegacySyncErrorDomain = @"com.stridecoach.legacy-sync";

static NSString *const STRLegacyMigrationCompleteKey = @"STRLegacyMigrationComplete";
static NSUInteger const STRLegacyDefaultPageSize = 100;
static NSUInteger const STRLegacyMaxPages = 50;

@interface STRLegacySyncClient ()
@property (nonatomic, copy) NSString *accessToken;
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, copy) NSSet<NSString *> *syncHosts;
@property (nonatomic, strong, nullable) NSURLSessionDataTask *currentTask;
@property (nonatomic, strong) NSMutableArray<NSDictionary<NSString *, id> *> *accumulated;
@property (atomic, assign, getter=isCancelled) BOOL cancelled;
@end

@implementation STRLegacySyncClient

- (instancetype)initWithBaseURL:(NSURL *)baseURL accessToken:(NSString *)accessToken
{
    self = [super init];
    if (self) {
        _baseURL = [baseURL copy];
        _accessToken = [accessToken copy];
        _pageSize = STRLegacyDefaultPageSize;
        _accumulated = [NSMutableArray array];

        NSMutableSet<NSString *> *hosts = [NSMutableSet setWithObject:@"sync-eu.stridecoach.com"];
        if (baseURL.host.length > 0) {
            [hosts addObject:baseURL.host.lowercaseString];
        }
        _syncHosts = [hosts copy];

        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration];
        configuration.timeoutIntervalForRequest = 45.0;
        configuration.HTTPAdditionalHeaders = @{ @"Accept" : @"application/json", @"X-Client" : @"ios-legacy" };
        _session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:nil];
    }
    return self;
}

- (void)dealloc
{
    [_session invalidateAndCancel];
}

#pragma mark - Migration flag

+ (BOOL)hasCompletedMigration
{
    return [[NSUserDefaults standardUserDefaults] boolForKey:STRLegacyMigrationCompleteKey];
}

+ (void)markMigrationComplete
{
    [[NSUserDefaults standardUserDefaults] setBool:YES forKey:STRLegacyMigrationCompleteKey];
}

#pragma mark - Fetching

- (void)fetchLegacyWorkoutsWithCompletion:(STRLegacySyncCompletion)completion
{
    [self.accumulated removeAllObjects];
    self.cancelled = NO;
    [self fetchPage:1 completion:completion];
}

- (void)cancel
{
    self.cancelled = YES;
    [self.currentTask cancel];
}

- (NSURLRequest *)requestForPage:(NSUInteger)page
{
    NSURLComponents *components = [NSURLComponents componentsWithURL:[self.baseURL URLByAppendingPathComponent:@"workouts"]
                                             resolvingAgainstBaseURL:NO];
    components.queryItems = @[
        [NSURLQueryItem queryItemWithName:@"page" value:[@(page) stringValue]],
        [NSURLQueryItem queryItemWithName:@"per_page" value:[@(self.pageSize) stringValue]],
    ];

    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:components.URL];
    request.HTTPMethod = @"GET";
    [request setValue:[NSString stringWithFormat:@"Bearer %@", self.accessToken] forHTTPHeaderField:@"Authorization"];
    return request;
}

- (void)fetchPage:(NSUInteger)page completion:(STRLegacySyncCompletion)completion
{
    if (self.isCancelled) {
        completion(@[], [NSError errorWithDomain:STRLegacySyncErrorDomain code:STRLegacySyncErrorCancelled userInfo:nil]);
        return;
    }

    __weak typeof(self) weakSelf = self;
    self.currentTask = [self.session dataTaskWithRequest:[self requestForPage:page]
                                       completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        __strong typeof(weakSelf) strongSelf = weakSelf;
        if (!strongSelf) {
            return;
        }
        if (error) {
            completion(@[], error);
            return;
        }

        NSInteger status = [(NSHTTPURLResponse *)response statusCode];
        if (status == 401) {
            completion(@[], [NSError errorWithDomain:STRLegacySyncErrorDomain code:STRLegacySyncErrorUnauthorized userInfo:nil]);
            return;
        }
        if (status == 404 && page == 1) {
            completion(@[], nil); // account never used 1.x
            return;
        }

        NSError *parseError = nil;
        NSDictionary *json = data ? [NSJSONSerialization JSONObjectWithData:data options:0 error:&parseError] : nil;
        if (status != 200 || ![json isKindOfClass:[NSDictionary class]]) {
            NSDictionary *info = @{ NSLocalizedDescriptionKey : [NSString stringWithFormat:@"Unexpected response (%ld)", (long)status] };
            completion(@[], parseError ?: [NSError errorWithDomain:STRLegacySyncErrorDomain code:STRLegacySyncErrorBadResponse userInfo:info]);
            return;
        }

        NSArray *items = [json[@"workouts"] isKindOfClass:[NSArray class]] ? json[@"workouts"] : @[];
        for (id item in items) {
            if ([item isKindOfClass:[NSDictionary class]]) {
                [strongSelf.accumulated addObject:item];
            }
        }

#ifdef DEBUG
        NSLog(@"[LegacySync] page %lu -> %lu records (total %lu)",
              (unsigned long)page, (unsigned long)items.count, (unsigned long)strongSelf.accumulated.count);
#endif

        BOOL hasMore = [json[@"has_more"] boolValue] && items.count > 0 && page < STRLegacyMaxPages;
        if (hasMore) {
            [strongSelf fetchPage:page + 1 completion:completion];
        } else {
            completion([strongSelf.accumulated copy], nil);
        }
    }];
    [self.currentTask resume];
}

#pragma mark - NSURLSessionDelegate

- (void)URLSession:(NSURLSession *)session
    didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
      completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *_Nullable))completionHandler
{
    NSURLProtectionSpace *space = challenge.protectionSpace;
    if ([space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust] &&
        [self.syncHosts containsObject:space.host.lowercaseString]) {
        SecTrustRef serverTrust = space.serverTrust;
        if (serverTrust != NULL) {
            completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:serverTrust]);
            return;
        }
    }
    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
}

- (void)URLSession:(NSURLSession *)session
                          task:(NSURLSessionTask *)task
    willPerformHTTPRedirection:(NSHTTPURLResponse *)response
                    newRequest:(NSURLRequest *)request
             completionHandler:(void (^)(NSURLRequest *_Nullable))completionHandler
{
    // Never follow redirects off our hosts with the Authorization header attached.
    if ([self.syncHosts containsObject:request.URL.host.lowercaseString] && [request.URL.scheme isEqualToString:@"https"]) {
        completionHandler(request);
    } else {
        completionHandler(nil);
    }
}

@end
