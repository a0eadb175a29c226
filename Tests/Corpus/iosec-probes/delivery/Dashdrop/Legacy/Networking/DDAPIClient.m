//
//  DDAPIClient.m
//  Dashdrop
//

#import "DDAPIClient.h"
#import "DDSessionManager.h"
#import <CommonCrypto/CommonDigest.h>
#import <Security/Security.h>

// SPKI prefixes so hashes match `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256`.
static const unsigned char DDRSA2048Header[] = {
    0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00 };
static const unsigned char DDECP256Header[] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
    0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00 };

@interface DDAPIClient () <NSURLSessionDelegate>
@property (nonatomic, strong) NSURL *baseURL;
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, copy) NSSet<NSString *> *pinnedKeyHashes;
@end

@implementation DDAPIClient

+ (instancetype)sharedClient
{
    static DDAPIClient *client;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ client = [[self alloc] init]; });
    return client;
}

- (instancetype)init
{
    if ((self = [super init])) {
        _baseURL = [NSURL URLWithString:DDAPIBaseURLString];
        _pinnedKeyHashes = [NSSet setWithObjects:
                            @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
                            @"i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY=",
                            @"C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M=", nil];
        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.timeoutIntervalForRequest = DDDefaultRequestTimeout;
        configuration.URLCache = nil;
        configuration.HTTPAdditionalHeaders = @{ @"Accept": @"application/json" };
        configuration.TLSMinimumSupportedProtocolVersion = tls_protocol_version_TLSv12;
        _session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:nil];
    }
    return self;
}

#pragma mark - Public

- (void)GET:(NSString *)path parameters:(NSDictionary<NSString *, NSString *> *)parameters completion:(DDAPICompletion)completion
{
    NSURLComponents *components = [NSURLComponents componentsWithURL:[NSURL URLWithString:path relativeToURL:self.baseURL]
                                             resolvingAgainstBaseURL:YES];
    NSMutableArray<NSURLQueryItem *> *items = [NSMutableArray array];
    [parameters enumerateKeysAndObjectsUsingBlock:^(NSString *key, NSString *value, BOOL *stop) {
        [items addObject:[NSURLQueryItem queryItemWithName:key value:value]];
    }];
    components.queryItems = items.count ? items : nil;
    [self perform:[NSMutableURLRequest requestWithURL:components.URL] authenticated:YES retry:YES completion:completion];
}

- (void)POST:(NSString *)path parameters:(NSDictionary *)parameters authenticated:(BOOL)authenticated completion:(DDAPICompletion)completion
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:path relativeToURL:self.baseURL]];
    request.HTTPMethod = @"POST";
    [request setValue:@"application/json" forHTTPHeaderField:@"Content-Type"];
    request.HTTPBody = parameters ? [NSJSONSerialization dataWithJSONObject:parameters options:0 error:NULL] : nil;
    [self perform:request authenticated:authenticated retry:authenticated completion:completion];
}

- (void)placeOrderWithPayload:(NSDictionary *)payload idempotencyKey:(NSString *)idempotencyKey completion:(DDAPICompletion)completion
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:@"orders" relativeToURL:self.baseURL]];
    request.HTTPMethod = @"POST";
    request.timeoutInterval = 45.0;
    [request setValue:@"application/json" forHTTPHeaderField:@"Content-Type"];
    [request setValue:idempotencyKey forHTTPHeaderField:@"Idempotency-Key"];
    request.HTTPBody = [NSJSONSerialization dataWithJSONObject:payload options:0 error:NULL];
    DDLogInfo("Placing order, idempotency key %{public}@", idempotencyKey);
    [self perform:request authenticated:YES retry:YES completion:completion];
}

+ (NSString *)generateIdempotencyKey
{
    uint8_t bytes[16];
    if (SecRandomCopyBytes(kSecRandomDefault, sizeof(bytes), bytes) != errSecSuccess) {
        return [[NSUUID UUID] UUIDString];
    }
    NSMutableString *hex = [NSMutableString string];
    for (size_t i = 0; i < sizeof(bytes); i++) {
        [hex appendFormat:@"%02x", bytes[i]];
    }
    return hex;
}

#pragma mark - Pipeline

- (void)perform:(NSMutableURLRequest *)request authenticated:(BOOL)authenticated retry:(BOOL)retry completion:(DDAPICompletion)completion
{
    NSString *token = authenticated ? [DDSessionManager sharedManager].currentSession.accessToken : nil;
    if (token.length > 0) {
        [request setValue:[@"Bearer " stringByAppendingString:token] forHTTPHeaderField:@"Authorization"];
        DDLogDebug(@"%@ %@ bearer=%@", request.HTTPMethod, request.URL.path, token);
    }
    [request setValue:[DDSessionManager sharedManager].installationIdentifier forHTTPHeaderField:@"X-Dashdrop-Install"];

    [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSHTTPURLResponse *http = [response isKindOfClass:[NSHTTPURLResponse class]] ? (NSHTTPURLResponse *)response : nil;
        NSLog(@"[API] %@ %@ -> %ld", request.HTTPMethod, request.URL.path, (long)http.statusCode);
        id json = data.length ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
        if (error == nil && http.statusCode >= 400) {
            error = [NSError errorWithDomain:@"com.dashdrop.api" code:http.statusCode userInfo:nil];
        }
        dispatch_async(dispatch_get_main_queue(), ^{
            if (http.statusCode == 401 && retry) {
                [[DDSessionManager sharedManager] refreshSessionWithCompletion:^(DDSession *session, NSError *refreshError) {
                    if (session) {
                        [self perform:request authenticated:YES retry:NO completion:completion];
                    } else {
                        completion(nil, http, refreshError);
                    }
                }];
                return;
            }
            completion(json, http, error);
        });
    }] resume];
}

#pragma mark - NSURLSessionDelegate (pinning)

- (void)URLSession:(NSURLSession *)session
didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential * _Nullable))completionHandler
{
    NSURLProtectionSpace *space = challenge.protectionSpace;
    if (![space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust] ||
        ![space.host isEqualToString:self.baseURL.host]) {
        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
        return;
    }
    SecTrustRef trust = space.serverTrust;
    if (SecTrustEvaluateWithError(trust, NULL) && [self trustContainsPinnedKey:trust]) {
        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
    } else {
        DDLogError("Rejected server trust for %{public}@", space.host);
        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
    }
}

- (BOOL)trustContainsPinnedKey:(SecTrustRef)trust
{
    NSArray *chain = CFBridgingRelease(SecTrustCopyCertificateChain(trust));
    for (id certificate in chain) {
        SecKeyRef key = SecCertificateCopyKey((__bridge SecCertificateRef)certificate);
        if (key == NULL) continue;
        NSDictionary *attributes = CFBridgingRelease(SecKeyCopyAttributes(key));
        NSData *keyData = CFBridgingRelease(SecKeyCopyExternalRepresentation(key, NULL));
        CFRelease(key);

        NSMutableData *spki = [NSMutableData data];
        if ([attributes[(__bridge id)kSecAttrKeyType] isEqual:(__bridge id)kSecAttrKeyTypeECSECPrimeRandom]) {
            [spki appendBytes:DDECP256Header length:sizeof(DDECP256Header)];
        } else {
            [spki appendBytes:DDRSA2048Header length:sizeof(DDRSA2048Header)];
        }
        [spki appendData:keyData ?: [NSData data]];

        unsigned char digest[CC_SHA256_DIGEST_LENGTH];
        CC_SHA256(spki.bytes, (CC_LONG)spki.length, digest);
        NSString *hash = [[NSData dataWithBytes:digest length:sizeof(digest)] base64EncodedStringWithOptions:0];
        if ([self.pinnedKeyHashes containsObject:hash]) {
            return YES;
        }
    }
    return NO;
}

@end
