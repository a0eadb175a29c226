//
//  CPResponseCache.m
//  CarePoint
//
//  Created by Kevin Stroud on 8/27/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPResponseCache.h"
#import "NSData+CPDigest.h"
#import <CommonCrypto/CommonCryptor.h>
#import <Security/SecRandom.h>

#define CP_RESPONSE_CACHE_KEY     "CarePointCache!2018#SecretKey_v2"
#define CP_RESPONSE_CACHE_VERSION 2

@interface CPResponseCache ()
@property (nonatomic, strong) NSURL *directoryURL;
@property (nonatomic, strong) dispatch_queue_t ioQueue;
@end

@implementation CPResponseCache

+ (instancetype)sharedCache {
    static CPResponseCache *cache;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        cache = [[CPResponseCache alloc] init];
    });
    return cache;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        NSURL *caches = [[[NSFileManager defaultManager] URLsForDirectory:NSCachesDirectory
                                                                 inDomains:NSUserDomainMask] firstObject];
        NSString *folder = [NSString stringWithFormat:@"%@-v%d", kCPCacheDirectoryName, CP_RESPONSE_CACHE_VERSION];
        _directoryURL = [caches URLByAppendingPathComponent:folder isDirectory:YES];
        _ioQueue = dispatch_queue_create("com.carepoint.responsecache", DISPATCH_QUEUE_SERIAL);
        [[NSFileManager defaultManager] createDirectoryAtURL:_directoryURL
                                 withIntermediateDirectories:YES
                                                  attributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                                                       error:NULL];
    }
    return self;
}

- (NSURL *)fileURLForURL:(NSURL *)url {
    NSString *key = [[url.absoluteString dataUsingEncoding:NSUTF8StringEncoding] cp_MD5HexString];
    return [self.directoryURL URLByAppendingPathComponent:[key stringByAppendingPathExtension:@"cpc"]];
}

#pragma mark - Sealing

- (NSData *)sealData:(NSData *)plain {
    uint8_t iv[kCCBlockSizeAES128];
    if (SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv) != errSecSuccess) {
        return nil;
    }

    NSMutableData *cipher = [NSMutableData dataWithLength:plain.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding,
                                     CP_RESPONSE_CACHE_KEY, kCCKeySizeAES256,
                                     iv,
                                     plain.bytes, plain.length,
                                     cipher.mutableBytes, cipher.length,
                                     &moved);
    if (status != kCCSuccess) {
        NSLog(@"CPResponseCache: seal failed (%d)", (int)status);
        return nil;
    }
    cipher.length = moved;

    NSMutableData *sealed = [NSMutableData dataWithBytes:iv length:sizeof(iv)];
    [sealed appendData:cipher];
    return sealed;
}

- (NSData *)openSealedData:(NSData *)sealed {
    if (sealed.length <= kCCBlockSizeAES128) {
        return nil;
    }
    const uint8_t *bytes = sealed.bytes;
    size_t cipherLength = sealed.length - kCCBlockSizeAES128;

    NSMutableData *plain = [NSMutableData dataWithLength:cipherLength + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCDecrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding,
                                     CP_RESPONSE_CACHE_KEY, kCCKeySizeAES256,
                                     bytes,
                                     bytes + kCCBlockSizeAES128, cipherLength,
                                     plain.mutableBytes, plain.length,
                                     &moved);
    if (status != kCCSuccess) {
        return nil;
    }
    plain.length = moved;
    return plain;
}

#pragma mark - Public

- (void)storeResponseData:(NSData *)data forURL:(NSURL *)url {
    NSURL *fileURL = [self fileURLForURL:url];
    dispatch_async(self.ioQueue, ^{
        NSData *sealed = [self sealData:data];
        if (!sealed) {
            return;
        }
        NSError *error = nil;
        if (![sealed writeToURL:fileURL
                        options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete
                          error:&error]) {
            NSLog(@"CPResponseCache: write failed (%ld)", (long)error.code);
        }
        CPLogVerbose(@"cached %@ -> %@", url, fileURL.lastPathComponent);
    });
}

- (NSData *)cachedResponseDataForURL:(NSURL *)url maxAge:(NSTimeInterval)maxAge {
    NSURL *fileURL = [self fileURLForURL:url];
    __block NSData *result = nil;
    dispatch_sync(self.ioQueue, ^{
        NSDate *modified = nil;
        [fileURL getResourceValue:&modified forKey:NSURLContentModificationDateKey error:NULL];
        if (modified == nil || -[modified timeIntervalSinceNow] > maxAge) {
            return;
        }
        NSData *sealed = [NSData dataWithContentsOfURL:fileURL options:NSDataReadingMappedIfSafe error:NULL];
        result = sealed ? [self openSealedData:sealed] : nil;
    });
    return result;
}

- (void)removeAllCachedResponses {
    dispatch_sync(self.ioQueue, ^{
        NSFileManager *fm = [NSFileManager defaultManager];
        NSArray<NSURL *> *files = [fm contentsOfDirectoryAtURL:self.directoryURL
                                    includingPropertiesForKeys:nil
                                                       options:NSDirectoryEnumerationSkipsHiddenFiles
                                                         error:NULL];
        for (NSURL *file in files) {
            [fm removeItemAtURL:file error:NULL];
        }
    });
}

@end
