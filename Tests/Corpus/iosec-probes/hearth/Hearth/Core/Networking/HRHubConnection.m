//
//  HRHubConnection.m
//  Hearth
//
//  Created by Marta Lindqvist on 11/04/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRHubConnection.h"
#import "HRHubTrustEvaluator.h"
#import "HRKeychain.h"
#import "HREventStore.h"
#import "HRSnapshotCache.h"
#import "HRConstants.h"
#import "HRLogging.h"

static const NSTimeInterval HRHubReconnectBaseDelay = 1.0;
static const NSTimeInterval HRHubReconnectMaxDelay = 60.0;

@interface HRHubConnection () <NSURLSessionDelegate>
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, strong) HRHubTrustEvaluator *trustEvaluator;
@property (nonatomic, strong, nullable) NSURLSessionWebSocketTask *eventSocket;
@property (nonatomic, assign, readwrite, getter=isConnected) BOOL connected;
@property (nonatomic, assign) NSUInteger reconnectAttempt;
@property (nonatomic, assign) BOOL wantsConnection;
@end

@implementation HRHubConnection

- (instancetype)initWithHubIdentifier:(NSString *)hubIdentifier
                                 host:(NSString *)host
                                 port:(NSInteger)port
                      pinnedKeyHashes:(NSSet<NSData *> *)pinnedKeyHashes
{
    if ((self = [super init])) {
        _hubIdentifier = [hubIdentifier copy];
        _host = [host copy];
        _port = port > 0 ? port : HRHubDefaultPort;
        _trustEvaluator = [[HRHubTrustEvaluator alloc] initWithPinnedKeyHashes:pinnedKeyHashes];

        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration];
        configuration.timeoutIntervalForRequest = 8.0;
        configuration.HTTPAdditionalHeaders = @{ @"X-Hearth-Protocol": HRHubProtocolVersion };
        NSOperationQueue *delegateQueue = [[NSOperationQueue alloc] init];
        delegateQueue.maxConcurrentOperationCount = 1;
        delegateQueue.name = @"com.hearthlabs.hearth.hub";
        _session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:delegateQueue];
    }
    return self;
}

- (void)dealloc
{
    [_session invalidateAndCancel];
}

#pragma mark - Credentials

- (nullable NSString *)hubKey
{
    return [[HRKeychain hubKeychain] stringForAccount:self.hubIdentifier error:NULL];
}

- (BOOL)isPaired
{
    return self.hubKey.length > 0;
}

- (void)forgetPairing
{
    [self disconnect];
    [[HRKeychain hubKeychain] removeItemForAccount:self.hubIdentifier error:NULL];
}

#pragma mark - Requests

- (NSURL *)URLForPath:(NSString *)path scheme:(NSString *)scheme
{
    NSURLComponents *components = [[NSURLComponents alloc] init];
    components.scheme = scheme;
    components.host = self.host;
    components.port = @(self.port);
    components.path = [@"/api/v1/" stringByAppendingString:path];
    return components.URL;
}

- (NSMutableURLRequest *)requestForPath:(NSString *)path method:(NSString *)method body:(nullable id)body
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[self URLForPath:path scheme:@"https"]];
    request.HTTPMethod = method;
    NSString *hubKey = self.hubKey;
    if (hubKey) {
        [request setValue:hubKey forHTTPHeaderField:HRHubAuthHeaderField];
    }
    if (body) {
        request.HTTPBody = [NSJSONSerialization dataWithJSONObject:body options:0 error:NULL];
        [request setValue:@"application/json" forHTTPHeaderField:@"Content-Type"];
    }
    return request;
}

- (void)performJSONRequest:(NSURLRequest *)request completion:(void (^)(id JSON, NSError *error))completion
{
    [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSInteger status = [(NSHTTPURLResponse *)response statusCode];
        if (error == nil && (status < 200 || status >= 300)) {
            error = [NSError errorWithDomain:HRErrorDomain code:HRErrorCodeHubRejected userInfo:@{ @"HTTPStatus": @(status) }];
        }
        if (error) {
            HRLogError(HRLogCategoryHub, @"Hub request %@ failed: %@/%ld", request.URL.path, error.domain, (long)error.code);
        }
        id JSON = data.length > 0 ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(error ? nil : JSON, error);
        });
    }] resume];
}

#pragma mark - Pairing

- (void)pairWithSetupCode:(NSString *)setupCode completion:(void (^)(NSDictionary *, NSError *))completion
{
    NSDictionary *body = @{
        @"setup_code": setupCode,
        @"client_type": @"ios",
        @"protocol": HRHubProtocolVersion,
    };
    NSMutableURLRequest *request = [self requestForPath:@"pair" method:@"POST" body:body];

    [self performJSONRequest:request completion:^(NSDictionary *JSON, NSError *error) {
        NSString *hubKey = JSON[@"hub_key"];
        if (error || ![hubKey isKindOfClass:NSString.class]) {
            completion(nil, error ?: [NSError errorWithDomain:HRErrorDomain code:HRErrorCodeHubRejected userInfo:nil]);
            return;
        }
        NSError *keychainError = nil;
        if (![[HRKeychain hubKeychain] setString:hubKey forAccount:self.hubIdentifier error:&keychainError]) {
            completion(nil, keychainError);
            return;
        }
        HRLogInfo(HRLogCategoryHub, @"Paired with hub %@ (model %@, firmware %@)",
                  self.hubIdentifier, JSON[@"model"], JSON[@"firmware"]);

        NSMutableDictionary *info = [JSON mutableCopy];
        [info removeObjectForKey:@"hub_key"];
        completion(info, nil);
    }];
}

#pragma mark - Devices & commands

- (void)fetchDevicesWithCompletion:(void (^)(NSArray *, NSError *))completion
{
    [self performJSONRequest:[self requestForPath:@"devices" method:@"GET" body:nil] completion:^(NSDictionary *JSON, NSError *error) {
        NSArray *devices = [JSON[@"devices"] isKindOfClass:NSArray.class] ? JSON[@"devices"] : nil;
        if (devices) {
            [[HREventStore sharedStore] upsertDevices:devices hubIdentifier:self.hubIdentifier];
        }
        completion(devices, error);
    }];
}

- (void)sendCommand:(NSString *)command
           toDevice:(NSString *)deviceIdentifier
         parameters:(NSDictionary *)parameters
         completion:(HRHubCompletion)completion
{
    NSDictionary *body = @{
        @"command": command,
        @"device": deviceIdentifier,
        @"params": parameters ?: @{},
        @"request_id": NSUUID.UUID.UUIDString,
    };
    HRLogDebug(HRLogCategoryHub, @"-> %@ %@", command, deviceIdentifier);
    [self performJSONRequest:[self requestForPath:@"commands" method:@"POST" body:body] completion:^(id JSON, NSError *error) {
        if (completion) {
            completion(error);
        }
    }];
}

- (void)fetchSnapshotForCamera:(NSString *)cameraIdentifier completion:(void (^)(NSData *, NSError *))completion
{
    NSString *path = [NSString stringWithFormat:@"cameras/%@/snapshot.jpg",
                      [cameraIdentifier stringByAddingPercentEncodingWithAllowedCharacters:NSCharacterSet.URLPathAllowedCharacterSet]];
    NSURLRequest *request = [self requestForPath:path method:@"GET" body:nil];
    [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        BOOL ok = error == nil && [(NSHTTPURLResponse *)response statusCode] == 200 && data.length > 0;
        if (ok) {
            [[HRSnapshotCache sharedCache] storeJPEGData:data forCamera:cameraIdentifier hub:self.hubIdentifier];
        }
        dispatch_async(dispatch_get_main_queue(), ^{
            completion(ok ? data : nil, error);
        });
    }] resume];
}

#pragma mark - Event stream

- (void)connect
{
    self.wantsConnection = YES;
    if (self.eventSocket || !self.isPaired) {
        return;
    }
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[self URLForPath:@"events" scheme:@"wss"]];
    [request setValue:self.hubKey forHTTPHeaderField:HRHubAuthHeaderField];
    self.eventSocket = [self.session webSocketTaskWithRequest:request];
    [self.eventSocket resume];
    [self receiveNextMessage];
}

- (void)disconnect
{
    self.wantsConnection = NO;
    [self.eventSocket cancelWithCloseCode:NSURLSessionWebSocketCloseCodeNormalClosure reason:nil];
    self.eventSocket = nil;
    self.connected = NO;
}

- (void)receiveNextMessage
{
    __weak typeof(self) weakSelf = self;
    NSURLSessionWebSocketTask *socket = self.eventSocket;
    [socket receiveMessageWithCompletionHandler:^(NSURLSessionWebSocketMessage *message, NSError *error) {
        typeof(self) self = weakSelf;
        if (!self || socket != self.eventSocket) {
            return;
        }
        if (error) {
            HRLogError(HRLogCategoryHub, @"Event stream closed: %@/%ld", error.domain, (long)error.code);
            self.eventSocket = nil;
            self.connected = NO;
            [self scheduleReconnect];
            return;
        }
        self.connected = YES;
        self.reconnectAttempt = 0;

        NSData *payload = message.type == NSURLSessionWebSocketMessageTypeString
            ? [message.string dataUsingEncoding:NSUTF8StringEncoding]
            : message.data;
        NSDictionary *event = payload ? [NSJSONSerialization JSONObjectWithData:payload options:0 error:NULL] : nil;
        if ([event isKindOfClass:NSDictionary.class]) {
            [[HREventStore sharedStore] recordHubEvent:event hubIdentifier:self.hubIdentifier];
            dispatch_async(dispatch_get_main_queue(), ^{
                [self.delegate hubConnection:self didReceiveEvent:event];
            });
        }
        [self receiveNextMessage];
    }];
}

- (void)scheduleReconnect
{
    if (!self.wantsConnection) {
        return;
    }
    NSTimeInterval delay = MIN(HRHubReconnectMaxDelay, HRHubReconnectBaseDelay * pow(2.0, self.reconnectAttempt));
    delay += arc4random_uniform(1000) / 1000.0;   // jitter so hubs aren't hammered in lockstep
    self.reconnectAttempt++;

    __weak typeof(self) weakSelf = self;
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(delay * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        [weakSelf connect];
    });
}

#pragma mark - NSURLSessionDelegate

- (void)URLSession:(NSURLSession *)session
didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential * _Nullable))completionHandler
{
    NSURLProtectionSpace *space = challenge.protectionSpace;
    if (![space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
        return;
    }

    if ([self.trustEvaluator evaluateServerTrust:space.serverTrust forHost:space.host]) {
        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:space.serverTrust]);
    } else {
        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
    }
}

@end
