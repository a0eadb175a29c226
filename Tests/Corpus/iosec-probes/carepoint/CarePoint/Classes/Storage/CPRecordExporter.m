//
//  CPRecordExporter.m
//  CarePoint
//
//  Created by Priya Raman on 5/9/19.
//  Copyright © 2019 CarePoint Health, Inc. All rights reserved.
//

#import "CPRecordExporter.h"
#import "CPMedicalRecord.h"
#import "CPCrypto.h"
#import "NSData+CPDigest.h"

@implementation CPRecordExporter

- (NSURL *)exportDirectoryURL {
    NSFileManager *fm = [NSFileManager defaultManager];
    NSURL *support = [[fm URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask] firstObject];
    NSURL *directory = [support URLByAppendingPathComponent:kCPExportDirectoryName isDirectory:YES];
    if (![fm fileExistsAtPath:directory.path]) {
        [fm createDirectoryAtURL:directory
     withIntermediateDirectories:YES
                      attributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                           error:NULL];
        [directory setResourceValue:@YES forKey:NSURLIsExcludedFromBackupKey error:NULL];
    }
    return directory;
}

- (NSString *)timestamp {
    NSDateFormatter *formatter = [[NSDateFormatter alloc] init];
    formatter.locale = [NSLocale localeWithLocaleIdentifier:@"en_US_POSIX"];
    formatter.dateFormat = @"yyyyMMdd-HHmmss";
    return [formatter stringFromDate:[NSDate date]];
}

#pragma mark - Encrypted export

- (NSURL *)exportRecords:(NSArray<CPMedicalRecord *> *)records error:(NSError **)error {
    NSMutableArray *payload = [NSMutableArray arrayWithCapacity:records.count];
    for (CPMedicalRecord *record in records) {
        [payload addObject:[record dictionaryRepresentation]];
    }

    NSData *json = [NSJSONSerialization dataWithJSONObject:@{ @"version": @1, @"records": payload }
                                                   options:0
                                                     error:error];
    if (!json) {
        return nil;
    }

    CPCrypto *crypto = [CPCrypto exportCryptoWithError:error];
    NSData *envelope = [crypto encryptData:json error:error];
    if (!envelope) {
        return nil;
    }

    NSString *baseName = [NSString stringWithFormat:@"carepoint-export-%@", [self timestamp]];
    NSURL *archiveURL = [[self exportDirectoryURL] URLByAppendingPathComponent:[baseName stringByAppendingPathExtension:@"cpx"]];
    if (![envelope writeToURL:archiveURL options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete error:error]) {
        NSLog(@"CPRecordExporter: archive write failed (%ld)", (long)(error ? (*error).code : 0));
        return nil;
    }

    NSData *digest = [NSData cp_SHA256DigestOfFileAtURL:archiveURL error:NULL];
    NSDictionary *manifest = @{
        @"file"      : archiveURL.lastPathComponent,
        @"sha256"    : [digest cp_hexString] ?: @"",
        @"count"     : @(records.count),
        @"createdAt" : @([[NSDate date] timeIntervalSince1970]),
    };
    NSData *manifestData = [NSJSONSerialization dataWithJSONObject:manifest options:NSJSONWritingPrettyPrinted error:NULL];
    NSURL *manifestURL = [[self exportDirectoryURL] URLByAppendingPathComponent:[baseName stringByAppendingPathExtension:@"json"]];
    [manifestData writeToURL:manifestURL options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete error:NULL];

    CPLog(@"Exported %lu records to %@ (sha256 %@)", (unsigned long)records.count, archiveURL.path, manifest[@"sha256"]);
    return archiveURL;
}

#pragma mark - Sharing

- (NSURL *)shareableFileForRecord:(CPMedicalRecord *)record error:(NSError **)error {
    NSMutableDictionary *document = [[record dictionaryRepresentation] mutableCopy];
    document[@"exported_at"] = [[[NSISO8601DateFormatter alloc] init] stringFromDate:[NSDate date]];
    document[@"source"] = @"CarePoint for iOS";

    NSData *json = [NSJSONSerialization dataWithJSONObject:document
                                                   options:NSJSONWritingPrettyPrinted | NSJSONWritingSortedKeys
                                                     error:error];
    if (!json) {
        return nil;
    }

    NSURL *documents = [[[NSFileManager defaultManager] URLsForDirectory:NSDocumentDirectory
                                                                inDomains:NSUserDomainMask] firstObject];
    NSString *safeTitle = [[record.title componentsSeparatedByCharactersInSet:
                            [[NSCharacterSet alphanumericCharacterSet] invertedSet]] componentsJoinedByString:@"-"];
    NSString *fileName = [NSString stringWithFormat:@"Visit-%@-%@.json", safeTitle, record.recordID];
    NSURL *fileURL = [documents URLByAppendingPathComponent:fileName];

    if (![json writeToURL:fileURL atomically:YES]) {
        NSLog(@"CPRecordExporter: could not write shareable file");
        return nil;
    }
    return fileURL;
}

#pragma mark - Housekeeping

- (void)purgeExpiredExports {
    NSFileManager *fm = [NSFileManager defaultManager];
    NSArray<NSURL *> *files = [fm contentsOfDirectoryAtURL:[self exportDirectoryURL]
                                includingPropertiesForKeys:@[NSURLCreationDateKey]
                                                   options:NSDirectoryEnumerationSkipsHiddenFiles
                                                     error:NULL];
    NSDate *cutoff = [NSDate dateWithTimeIntervalSinceNow:-(kCPExportRetentionDays * 24 * 60 * 60)];
    for (NSURL *file in files) {
        NSDate *created = nil;
        [file getResourceValue:&created forKey:NSURLCreationDateKey error:NULL];
        if (created && [created compare:cutoff] == NSOrderedAscending) {
            [fm removeItemAtURL:file error:NULL];
        }
    }
}

@end
