//
//  CPRecordStore.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/22/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

@class CPMedicalRecord;

NS_ASSUME_NONNULL_BEGIN

extern NSString * const CPRecordStoreErrorDomain;

/// Local SQLite cache of the patient's visit records. All access is serialized on a private queue.
@interface CPRecordStore : NSObject

+ (instancetype)sharedStore;

- (BOOL)openWithError:(NSError **)error;
- (void)close;

- (BOOL)saveRecords:(NSArray<CPMedicalRecord *> *)records error:(NSError **)error;

- (NSArray<CPMedicalRecord *> *)recentRecordsWithLimit:(NSInteger)limit;
- (nullable CPMedicalRecord *)recordWithIdentifier:(NSString *)identifier;
- (NSArray<CPMedicalRecord *> *)recordsForProviderID:(NSInteger)providerID;
- (NSArray<CPMedicalRecord *> *)recordsMatchingSearchText:(NSString *)searchText;

- (NSUInteger)recordCount;
- (BOOL)deleteAllRecords;

@end

NS_ASSUME_NONNULL_END
