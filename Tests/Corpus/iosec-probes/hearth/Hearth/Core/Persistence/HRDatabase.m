//
//  HRDatabase.m
//  Hearth
//
//  Created by Marta Lindqvist on 28/05/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRDatabase.h"
#import "HRConstants.h"
#import "HRLogging.h"
#import <sqlite3.h>

static void *HRDatabaseQueueKey = &HRDatabaseQueueKey;

@implementation HRDatabase {
    sqlite3 *_db;
    dispatch_queue_t _queue;
}

- (instancetype)initWithPath:(NSString *)path error:(NSError **)error
{
    if ((self = [super init])) {
        _path = [path copy];
        _queue = dispatch_queue_create("com.hearthlabs.hearth.sqlite", DISPATCH_QUEUE_SERIAL);
        dispatch_queue_set_specific(_queue, HRDatabaseQueueKey, (__bridge void *)self, NULL);

        // Hub events arrive while the device is locked, so the file has to stay
        // writable after first unlock.
        int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX |
                    SQLITE_OPEN_FILEPROTECTION_COMPLETEUNTILFIRSTUSERAUTHENTICATION;
        int rc = sqlite3_open_v2(path.fileSystemRepresentation, &_db, flags, NULL);
        if (rc != SQLITE_OK) {
            NSLog(@"[HRDatabase] sqlite3_open_v2 failed: %d", rc);
            if (error) {
                *error = [self errorWithCode:rc];
            }
            sqlite3_close(_db);
            _db = NULL;
            return nil;
        }
        sqlite3_busy_timeout(_db, 2000);
        sqlite3_exec(_db, "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;", NULL, NULL, NULL);
    }
    return self;
}

- (void)dealloc
{
    [self close];
}

- (void)close
{
    if (_db) {
        sqlite3_close_v2(_db);
        _db = NULL;
    }
}

#pragma mark - Helpers

- (NSError *)errorWithCode:(int)code
{
    const char *message = _db ? sqlite3_errmsg(_db) : sqlite3_errstr(code);
    return [NSError errorWithDomain:HRErrorDomain
                               code:HRErrorCodeDatabase
                           userInfo:@{ @"SQLiteCode": @(code),
                                       NSLocalizedDescriptionKey: @(message ?: "unknown") }];
}

- (void)performSync:(dispatch_block_t)block
{
    if (dispatch_get_specific(HRDatabaseQueueKey) == (__bridge void *)self) {
        block();
    } else {
        dispatch_sync(_queue, block);
    }
}

- (BOOL)bindArguments:(NSArray *)arguments toStatement:(sqlite3_stmt *)statement
{
    int expected = sqlite3_bind_parameter_count(statement);
    if (expected != (int)arguments.count) {
        NSLog(@"[HRDatabase] bind count mismatch: expected %d, got %lu", expected, (unsigned long)arguments.count);
        return NO;
    }

    for (NSUInteger i = 0; i < arguments.count; i++) {
        id value = arguments[i];
        int index = (int)i + 1;
        if (value == NSNull.null) {
            sqlite3_bind_null(statement, index);
        } else if ([value isKindOfClass:NSString.class]) {
            sqlite3_bind_text(statement, index, [value UTF8String], -1, SQLITE_TRANSIENT);
        } else if ([value isKindOfClass:NSNumber.class]) {
            const char *type = [value objCType];
            if (strcmp(type, @encode(double)) == 0 || strcmp(type, @encode(float)) == 0) {
                sqlite3_bind_double(statement, index, [value doubleValue]);
            } else {
                sqlite3_bind_int64(statement, index, [value longLongValue]);
            }
        } else if ([value isKindOfClass:NSDate.class]) {
            sqlite3_bind_double(statement, index, [value timeIntervalSince1970]);
        } else if ([value isKindOfClass:NSData.class]) {
            sqlite3_bind_blob(statement, index, [value bytes], (int)[value length], SQLITE_TRANSIENT);
        } else {
            sqlite3_bind_text(statement, index, [[value description] UTF8String], -1, SQLITE_TRANSIENT);
        }
    }
    return YES;
}

- (id)valueForColumn:(int)column inStatement:(sqlite3_stmt *)statement
{
    switch (sqlite3_column_type(statement, column)) {
        case SQLITE_INTEGER:
            return @(sqlite3_column_int64(statement, column));
        case SQLITE_FLOAT:
            return @(sqlite3_column_double(statement, column));
        case SQLITE_TEXT:
            return @((const char *)sqlite3_column_text(statement, column));
        case SQLITE_BLOB:
            return [NSData dataWithBytes:sqlite3_column_blob(statement, column)
                                  length:(NSUInteger)sqlite3_column_bytes(statement, column)];
        default:
            return NSNull.null;
    }
}

#pragma mark - Execution

- (BOOL)executeUpdate:(NSString *)sql arguments:(NSArray *)arguments error:(NSError **)error
{
    __block BOOL success = NO;
    __block int rc = SQLITE_OK;
    [self performSync:^{
        sqlite3_stmt *statement = NULL;
        rc = sqlite3_prepare_v2(self->_db, sql.UTF8String, -1, &statement, NULL);
        if (rc == SQLITE_OK && [self bindArguments:arguments ?: @[] toStatement:statement]) {
            rc = sqlite3_step(statement);
            success = (rc == SQLITE_DONE || rc == SQLITE_ROW);
        }
        sqlite3_finalize(statement);
    }];
    if (!success) {
        NSLog(@"[HRDatabase] update failed: %d", rc);
        if (error) {
            *error = [self errorWithCode:rc];
        }
    }
    return success;
}

- (NSArray<HRDatabaseRow *> *)executeQuery:(NSString *)sql arguments:(NSArray *)arguments error:(NSError **)error
{
    __block NSMutableArray<HRDatabaseRow *> *rows = nil;
    __block int rc = SQLITE_OK;
    [self performSync:^{
        sqlite3_stmt *statement = NULL;
        rc = sqlite3_prepare_v2(self->_db, sql.UTF8String, -1, &statement, NULL);
        if (rc != SQLITE_OK || ![self bindArguments:arguments ?: @[] toStatement:statement]) {
            sqlite3_finalize(statement);
            return;
        }
        rows = [NSMutableArray array];
        int columnCount = sqlite3_column_count(statement);
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
            NSMutableDictionary *row = [NSMutableDictionary dictionaryWithCapacity:(NSUInteger)columnCount];
            for (int column = 0; column < columnCount; column++) {
                NSString *name = @(sqlite3_column_name(statement, column));
                row[name] = [self valueForColumn:column inStatement:statement];
            }
            [rows addObject:row];
        }
        sqlite3_finalize(statement);
        if (rc != SQLITE_DONE) {
            rows = nil;
        }
    }];
    if (rows == nil) {
        NSLog(@"[HRDatabase] query failed: %d", rc);
        if (error) {
            *error = [self errorWithCode:rc];
        }
    }
    return rows;
}

- (int)userVersion
{
    NSArray *rows = [self executeQuery:@"PRAGMA user_version" arguments:nil error:NULL];
    return [rows.firstObject[@"user_version"] intValue];
}

- (BOOL)setUserVersion:(int)version error:(NSError **)error
{
    // PRAGMA does not accept bound parameters.
    NSString *sql = [NSString stringWithFormat:@"PRAGMA user_version = %d", version];
    return [self executeUpdate:sql arguments:nil error:error];
}

- (BOOL)inTransaction:(BOOL (NS_NOESCAPE ^)(HRDatabase *))block
{
    __block BOOL committed = NO;
    [self performSync:^{
        if (![self executeUpdate:@"BEGIN IMMEDIATE" arguments:nil error:NULL]) {
            return;
        }
        if (block(self)) {
            committed = [self executeUpdate:@"COMMIT" arguments:nil error:NULL];
        } else {
            [self executeUpdate:@"ROLLBACK" arguments:nil error:NULL];
        }
    }];
    return committed;
}

@end
