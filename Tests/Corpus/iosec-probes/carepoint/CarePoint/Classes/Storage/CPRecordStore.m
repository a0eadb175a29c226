//
//  CPRecordStore.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/22/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPRecordStore.h"
#import "CPMedicalRecord.h"
#import <sqlite3.h>

NSString * const CPRecordStoreErrorDomain = @"com.carepoint.recordstore";

#define kCPRecordColumns @"record_id, title, provider_name, provider_id, visit_date, summary, attachment_sha256"

typedef void (^CPStatementBinder)(sqlite3_stmt *stmt);

static NSString *CPColumnString(sqlite3_stmt *stmt, int column) {
    const unsigned char *text = sqlite3_column_text(stmt, column);
    return text ? [NSString stringWithUTF8String:(const char *)text] : nil;
}

static void CPBindString(sqlite3_stmt *stmt, int index, NSString *value) {
    if (value) {
        sqlite3_bind_text(stmt, index, value.UTF8String, -1, SQLITE_TRANSIENT);
    } else {
        sqlite3_bind_null(stmt, index);
    }
}

@interface CPRecordStore () {
    sqlite3 *_db;
}
@property (nonatomic, strong) dispatch_queue_t queue;
@end

@implementation CPRecordStore

+ (instancetype)sharedStore {
    static CPRecordStore *store;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        store = [[CPRecordStore alloc] init];
    });
    return store;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _queue = dispatch_queue_create("com.carepoint.recordstore", DISPATCH_QUEUE_SERIAL);
    }
    return self;
}

- (void)dealloc {
    [self close];
}

#pragma mark - Lifecycle

- (NSURL *)databaseURL {
    NSFileManager *fm = [NSFileManager defaultManager];
    NSURL *support = [[fm URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask] firstObject];
    NSURL *directory = [support URLByAppendingPathComponent:@"Records" isDirectory:YES];
    [fm createDirectoryAtURL:directory
 withIntermediateDirectories:YES
                  attributes:@{ NSFileProtectionKey: NSFileProtectionComplete }
                       error:NULL];
    [directory setResourceValue:@YES forKey:NSURLIsExcludedFromBackupKey error:NULL];
    return [directory URLByAppendingPathComponent:kCPDatabaseFileName];
}

- (BOOL)openWithError:(NSError **)error {
    __block int rc = SQLITE_OK;
    dispatch_sync(self.queue, ^{
        if (self->_db) {
            return;
        }
        int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_FILEPROTECTION_COMPLETE;
        rc = sqlite3_open_v2([self databaseURL].path.fileSystemRepresentation, &self->_db, flags, NULL);
        if (rc != SQLITE_OK) {
            NSLog(@"CPRecordStore: open failed (%d)", rc);
            sqlite3_close(self->_db);
            self->_db = NULL;
            return;
        }

        NSString *schema = [NSString stringWithFormat:
                            @"CREATE TABLE IF NOT EXISTS %s ("
                            @"record_id TEXT PRIMARY KEY NOT NULL, "
                            @"title TEXT NOT NULL, "
                            @"provider_name TEXT, "
                            @"provider_id INTEGER DEFAULT 0, "
                            @"visit_date REAL NOT NULL, "
                            @"summary TEXT, "
                            @"attachment_sha256 TEXT);"
                            @"CREATE INDEX IF NOT EXISTS idx_records_visit ON %s(visit_date DESC);",
                            kCPRecordsTable, kCPRecordsTable];
        char *errmsg = NULL;
        rc = sqlite3_exec(self->_db, schema.UTF8String, NULL, NULL, &errmsg);
        if (rc != SQLITE_OK) {
            CPLogError(@"CPRecordStore: schema failed (%d)", rc);
            sqlite3_free(errmsg);
        }
        sqlite3_exec(self->_db, "PRAGMA journal_mode=WAL; PRAGMA secure_delete=ON;", NULL, NULL, NULL);
    });

    if (rc != SQLITE_OK && error) {
        *error = [NSError errorWithDomain:CPRecordStoreErrorDomain code:rc userInfo:nil];
    }
    return rc == SQLITE_OK;
}

- (void)close {
    dispatch_sync(self.queue, ^{
        if (self->_db) {
            sqlite3_close_v2(self->_db);
            self->_db = NULL;
        }
    });
}

#pragma mark - Writes

- (BOOL)saveRecords:(NSArray<CPMedicalRecord *> *)records error:(NSError **)error {
    __block int rc = SQLITE_OK;
    dispatch_sync(self.queue, ^{
        if (!self->_db) {
            rc = SQLITE_MISUSE;
            return;
        }

        NSString *sql = [NSString stringWithFormat:@"INSERT OR REPLACE INTO %s (%@) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         kCPRecordsTable, kCPRecordColumns];
        sqlite3_stmt *stmt = NULL;
        rc = sqlite3_prepare_v2(self->_db, sql.UTF8String, -1, &stmt, NULL);
        if (rc != SQLITE_OK) {
            return;
        }

        sqlite3_exec(self->_db, "BEGIN IMMEDIATE TRANSACTION", NULL, NULL, NULL);
        for (CPMedicalRecord *record in records) {
            CPBindString(stmt, 1, record.recordID);
            CPBindString(stmt, 2, record.title);
            CPBindString(stmt, 3, record.providerName);
            sqlite3_bind_int64(stmt, 4, (sqlite3_int64)record.providerID);
            sqlite3_bind_double(stmt, 5, record.visitDate.timeIntervalSince1970);
            CPBindString(stmt, 6, record.summary);
            CPBindString(stmt, 7, record.attachmentSHA256);

            rc = sqlite3_step(stmt);
            sqlite3_reset(stmt);
            sqlite3_clear_bindings(stmt);
            if (rc != SQLITE_DONE) {
                break;
            }
            rc = SQLITE_OK;
        }
        sqlite3_finalize(stmt);
        sqlite3_exec(self->_db, rc == SQLITE_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
    });

    if (rc != SQLITE_OK) {
        NSLog(@"CPRecordStore: save failed (%d)", rc);
        if (error) {
            *error = [NSError errorWithDomain:CPRecordStoreErrorDomain code:rc userInfo:nil];
        }
        return NO;
    }
    [[NSUserDefaults standardUserDefaults] setObject:[NSDate date] forKey:kCPDefaultsLastSyncDate];
    return YES;
}

- (BOOL)deleteAllRecords {
    NSString *sql = [NSString stringWithFormat:@"DELETE FROM %s", kCPRecordsTable];
    __block int rc = SQLITE_OK;
    dispatch_sync(self.queue, ^{
        if (self->_db) {
            rc = sqlite3_exec(self->_db, sql.UTF8String, NULL, NULL, NULL);
            sqlite3_exec(self->_db, "VACUUM", NULL, NULL, NULL);
        }
    });
    return rc == SQLITE_OK;
}

#pragma mark - Reads

- (CPMedicalRecord *)recordFromStatement:(sqlite3_stmt *)stmt {
    CPMedicalRecord *record = [[CPMedicalRecord alloc] init];
    record.recordID = CPColumnString(stmt, 0);
    record.title = CPColumnString(stmt, 1);
    record.providerName = CPColumnString(stmt, 2);
    record.providerID = (NSInteger)sqlite3_column_int64(stmt, 3);
    record.visitDate = [NSDate dateWithTimeIntervalSince1970:sqlite3_column_double(stmt, 4)];
    record.summary = CPColumnString(stmt, 5);
    record.attachmentSHA256 = CPColumnString(stmt, 6);
    return record;
}

- (NSArray<CPMedicalRecord *> *)recordsForSQL:(NSString *)sql binder:(nullable CPStatementBinder)binder {
    NSMutableArray *results = [NSMutableArray array];
    dispatch_sync(self.queue, ^{
        if (!self->_db) {
            return;
        }
        sqlite3_stmt *stmt = NULL;
        if (sqlite3_prepare_v2(self->_db, sql.UTF8String, -1, &stmt, NULL) != SQLITE_OK) {
            NSLog(@"CPRecordStore: prepare failed (%d)", sqlite3_errcode(self->_db));
            return;
        }
        if (binder) {
            binder(stmt);
        }
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            [results addObject:[self recordFromStatement:stmt]];
        }
        sqlite3_finalize(stmt);
    });
    return results;
}

- (NSArray<CPMedicalRecord *> *)recentRecordsWithLimit:(NSInteger)limit {
    NSInteger clamped = MAX(1, MIN(limit, 500));
    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %s ORDER BY visit_date DESC LIMIT %ld",
                     kCPRecordColumns, kCPRecordsTable, (long)clamped];
    return [self recordsForSQL:sql binder:nil];
}

- (CPMedicalRecord *)recordWithIdentifier:(NSString *)identifier {
    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %s WHERE record_id = ? LIMIT 1",
                     kCPRecordColumns, kCPRecordsTable];
    return [[self recordsForSQL:sql binder:^(sqlite3_stmt *stmt) {
        sqlite3_bind_text(stmt, 1, identifier.UTF8String, -1, SQLITE_TRANSIENT);
    }] firstObject];
}

- (NSArray<CPMedicalRecord *> *)recordsForProviderID:(NSInteger)providerID {
    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %s WHERE provider_id = %ld ORDER BY visit_date DESC",
                     kCPRecordColumns, kCPRecordsTable, (long)providerID];
    return [self recordsForSQL:sql binder:nil];
}

- (NSArray<CPMedicalRecord *> *)recordsMatchingSearchText:(NSString *)searchText {
    NSString *term = [searchText stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]];
    if (term.length == 0) {
        return [self recentRecordsWithLimit:kCPRecentRecordsLimit];
    }

    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %s WHERE title LIKE '%%%@%%' OR provider_name LIKE '%%%@%%' ORDER BY visit_date DESC LIMIT %ld",
                     kCPRecordColumns, kCPRecordsTable, term, term, (long)kCPSearchResultLimit];
    CPLog(@"search: %@", sql);
    return [self recordsForSQL:sql binder:nil];
}

- (NSUInteger)recordCount {
    __block NSUInteger count = 0;
    NSString *sql = [NSString stringWithFormat:@"SELECT COUNT(*) FROM %s", kCPRecordsTable];
    dispatch_sync(self.queue, ^{
        sqlite3_stmt *stmt = NULL;
        if (self->_db && sqlite3_prepare_v2(self->_db, sql.UTF8String, -1, &stmt, NULL) == SQLITE_OK) {
            if (sqlite3_step(stmt) == SQLITE_ROW) {
                count = (NSUInteger)sqlite3_column_int64(stmt, 0);
            }
            sqlite3_finalize(stmt);
        }
    });
    return count;
}

@end
