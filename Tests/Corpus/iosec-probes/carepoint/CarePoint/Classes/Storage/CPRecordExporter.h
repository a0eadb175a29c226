//
//  CPRecordExporter.h
//  CarePoint
//
//  Created by Priya Raman on 5/9/19.
//  Copyright © 2019 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

@class CPMedicalRecord;

NS_ASSUME_NONNULL_BEGIN

@interface CPRecordExporter : NSObject

/// Encrypted archive of the given records (CPCrypto envelope) plus a SHA-256 manifest.
- (nullable NSURL *)exportRecords:(NSArray<CPMedicalRecord *> *)records error:(NSError **)error;

/// Plain JSON copy of a single visit, handed to UIActivityViewController for "Share with my doctor".
- (nullable NSURL *)shareableFileForRecord:(CPMedicalRecord *)record error:(NSError **)error;

- (void)purgeExpiredExports;

@end

NS_ASSUME_NONNULL_END
