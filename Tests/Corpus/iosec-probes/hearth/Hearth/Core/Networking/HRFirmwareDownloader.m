//
//  HRFirmwareDownloader.m
//  Hearth
//
//  Created by Jonas Ekberg on 09/11/2020.
//  Copyright © 2020 Hearth Labs AB. All rights reserved.
//

#import "HRFirmwareDownloader.h"
#import "NSData+HRCrypto.h"
#import "HRConstants.h"
#import "HRLogging.h"

@interface HRFirmwareRelease ()
- (nullable instancetype)initWithModel:(NSString *)model manifest:(NSDictionary *)manifest;
@end

@implementation HRFirmwareRelease

- (instancetype)initWithModel:(NSString *)model manifest:(NSDictionary *)manifest
{
    NSString *version = manifest[@"version"];
    NSURL *imageURL = [NSURL URLWithString:manifest[@"image_url"] ?: @""];
    NSData *digest = [NSData hr_dataWithHexString:manifest[@"sha256"] ?: @""];
    if (![version isKindOfClass:NSString.class] || ![imageURL.scheme isEqualToString:@"https"] || digest.length != 32) {
        return nil;
    }
    if ((self = [super init])) {
        _model = [model copy];
        _version = [version copy];
        _imageURL = imageURL;
        _SHA256Digest = digest;
    }
    return self;
}

@end

@interface HRFirmwareDownloader () <NSURLSessionDownloadDelegate>
@property (nonatomic, strong) NSURLSession *session;
@property (nonatomic, strong) NSMutableDictionary<NSNumber *, void (^)(NSURL *, NSError *)> *completionHandlers;
@property (nonatomic, strong) NSMutableDictionary<NSNumber *, HRFirmwareRelease *> *releases;
@end

@implementation HRFirmwareDownloader

HR_SHARED_INSTANCE(HRFirmwareDownloader, sharedDownloader, [[HRFirmwareDownloader alloc] init])

- (instancetype)init
{
    if ((self = [super init])) {
        _completionHandlers = [NSMutableDictionary dictionary];
        _releases = [NSMutableDictionary dictionary];

        NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
        configuration.timeoutIntervalForResource = 15 * 60;
        configuration.allowsExpensiveNetworkAccess = YES;
        _session = [NSURLSession sessionWithConfiguration:configuration delegate:self delegateQueue:NSOperationQueue.mainQueue];
    }
    return self;
}

- (NSMutableURLRequest *)authorizedRequestWithURL:(NSURL *)url
{
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:url];
    // Images are licensed per account; the CDN validates the bearer token at the edge.
    NSString *token = [self.tokenProvider currentAccessToken];
    if (token) {
        [request setValue:[@"Bearer " stringByAppendingString:token] forHTTPHeaderField:@"Authorization"];
    }
    return request;
}

#pragma mark - Manifest

- (void)fetchLatestReleaseForModel:(NSString *)model completion:(void (^)(HRFirmwareRelease *, NSError *))completion
{
    NSURLComponents *components = [[NSURLComponents alloc] init];
    components.scheme = @"https";
    components.host = HRFirmwareCDNHost;
    components.path = [NSString stringWithFormat:@"/manifests/%@/latest.json", model.lowercaseString];

    NSURLRequest *request = [self authorizedRequestWithURL:components.URL];
    [[self.session dataTaskWithRequest:request completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
        NSDictionary *manifest = data ? [NSJSONSerialization JSONObjectWithData:data options:0 error:NULL] : nil;
        HRFirmwareRelease *release = [manifest isKindOfClass:NSDictionary.class]
            ? [[HRFirmwareRelease alloc] initWithModel:model manifest:manifest]
            : nil;
        if (release == nil && error == nil) {
            error = [NSError errorWithDomain:HRErrorDomain code:HRErrorCodeBadResponse userInfo:nil];
        }
        completion(release, error);
    }] resume];
}

#pragma mark - Download

- (void)downloadRelease:(HRFirmwareRelease *)release completion:(void (^)(NSURL *, NSError *))completion
{
    NSURLSessionDownloadTask *task = [self.session downloadTaskWithRequest:[self authorizedRequestWithURL:release.imageURL]];
    NSNumber *key = @(task.taskIdentifier);
    self.completionHandlers[key] = [completion copy];
    self.releases[key] = release;
    HRLogInfo(HRLogCategoryNetwork, @"Downloading firmware %@ %@", release.model, release.version);
    [task resume];
}

- (NSURL *)firmwareDirectory
{
    NSURL *support = [[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].firstObject;
    NSURL *directory = [support URLByAppendingPathComponent:@"Firmware" isDirectory:YES];
    [[NSFileManager defaultManager] createDirectoryAtURL:directory withIntermediateDirectories:YES attributes:nil error:NULL];
    return directory;
}

- (void)finishTaskWithIdentifier:(NSUInteger)identifier fileURL:(NSURL *)fileURL error:(NSError *)error
{
    NSNumber *key = @(identifier);
    void (^completion)(NSURL *, NSError *) = self.completionHandlers[key];
    [self.completionHandlers removeObjectForKey:key];
    [self.releases removeObjectForKey:key];
    if (completion) {
        completion(fileURL, error);
    }
}

#pragma mark - NSURLSessionDelegate

- (void)URLSession:(NSURLSession *)session
didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential * _Nullable))completionHandler
{
    NSURLProtectionSpace *space = challenge.protectionSpace;
    if ([space.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust] &&
        [space.host hasSuffix:HRFirmwareCDNHost]) {
        // Regional edges keep serving the previous origin certificate for a while
        // after rotation. Images are checked against the manifest digest anyway.
        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:space.serverTrust]);
        return;
    }
    completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
}

#pragma mark - NSURLSessionDownloadDelegate

- (void)URLSession:(NSURLSession *)session downloadTask:(NSURLSessionDownloadTask *)downloadTask didFinishDownloadingToURL:(NSURL *)location
{
    HRFirmwareRelease *release = self.releases[@(downloadTask.taskIdentifier)];
    NSData *image = [NSData dataWithContentsOfURL:location options:NSDataReadingMappedIfSafe error:NULL];

    if (release == nil || image == nil || ![[image hr_SHA256Digest] hr_isEqualInConstantTimeToData:release.SHA256Digest]) {
        HRLogError(HRLogCategoryNetwork, @"Firmware digest mismatch for %@ %@", release.model, release.version);
        [self finishTaskWithIdentifier:downloadTask.taskIdentifier
                               fileURL:nil
                                 error:[NSError errorWithDomain:HRErrorDomain code:HRErrorCodeFirmwareDigest userInfo:nil]];
        return;
    }

    NSString *fileName = [NSString stringWithFormat:@"%@-%@.hfw", release.model, release.version];
    NSURL *destination = [[self firmwareDirectory] URLByAppendingPathComponent:fileName];
    [[NSFileManager defaultManager] removeItemAtURL:destination error:NULL];
    NSError *moveError = nil;
    if (![[NSFileManager defaultManager] moveItemAtURL:location toURL:destination error:&moveError]) {
        [self finishTaskWithIdentifier:downloadTask.taskIdentifier fileURL:nil error:moveError];
        return;
    }
    [destination setResourceValue:@YES forKey:NSURLIsExcludedFromBackupKey error:NULL];
    [self finishTaskWithIdentifier:downloadTask.taskIdentifier fileURL:destination error:nil];
}

- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error
{
    if (error) {
        HRLogError(HRLogCategoryNetwork, @"Firmware transfer failed: %@/%ld", error.domain, (long)error.code);
        [self finishTaskWithIdentifier:task.taskIdentifier fileURL:nil error:error];
    }
}

@end
