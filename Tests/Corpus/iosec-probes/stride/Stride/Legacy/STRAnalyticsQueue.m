//
//  STRAnalyticsQueue.m
//  Stride
//
//  Copyright © 2018 Stride Coach Ltd. All rights reserved.
//

#import "STRAnalyticsQueue.h"
#import <CommonCrypto/CommonDigest.h>
#import <Security/Security.h>
#import <sqlite3.h>

static NSString *const STRInstallSeedDefaultsKey = @"STRAnalyticsInstallSeed";
static NSString *const STRAnalyticsLastFlushKey = @"STRAnalyticsLastFlushDate";
static NSInteger const STRAnalyticsBatchLimit = 200;

@interface STRAnalyticsQueue () {
    sqlite3 *_db;
}
@property (nonatomic, strong) dispatch_queue_t queue;
@property (nonatomic, strong) NSURL *endpoint;
@property (nonatomic, readwrite, copy) NSString *installIdentifier;
@end

@implementation STRAnalyticsQueue

+ (instancetype)sharedQueue
{
    static STRAnalyticsQueue *shared;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        NSURL *support = [[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].firstObject;
        [[NSFileManager defaultManager] createDirectoryAtURL:support withIntermediateDirectories:YES attributes:nil error:nil];
        NSString *path = [support URLByAppendingPathComponent:@"usage.sqlite"].path;
        shared = [[self alloc] initWithDatabasePath:path endpoint:[NSURL URLWithString:@"https://events.stridecoach.com/v1/usage"]];
    });
    return shared;
}

- (instancetype)initWithDatabasePath:(NSString *)path endpoint:(NSURL *)endpoint
{
    self = [super init];
    if (self) {
        _queue = dispatch_queue_create("com.stridecoach.analytics-queue", DISPATCH_QUEUE_SERIAL);
        _endpoint = endpoint;
        _installIdentifier = [[self class] hashedInstallIdentifier];
        [self openDatabaseAtPath:path];
    }
    return self;
}

- (void)dealloc
{
    if (_db) {
        sqlite3_close(_db);
    }
}

#pragma mark - Install identifier

/// SHA-256 over a random per-install seed, so the value can't be linked to the device or account.
+ (NSString *)hashedInstallIdentifier
{
    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    NSData *seed = [defaults dataForKey:STRInstallSeedDefaultsKey];
    if (seed.length != 32) {
        NSMutableData *fresh = [NSMutableData dataWithLength:32];
        if (SecRandomCopyBytes(kSecRandomDefault, fresh.length, fresh.mutableBytes) != errSecSuccess) {
            return [[NSUUID UUID] UUIDString];
        }
        seed = [fresh copy];
        [defaults setObject:seed forKey:STRInstallSeedDefaultsKey];
    }

    unsigned char digest[CC_SHA256_DIGEST_LENGTH];
    CC_SHA256(seed.bytes, (CC_LONG)seed.length, digest);

    NSMutableString *hex = [NSMutableString stringWithCapacity:CC_SHA256_DIGEST_LENGTH * 2];
    for (int i = 0; i < CC_SHA256_DIGEST_LENGTH; i++) {
        [hex appendFormat:@"%02x", digest[i]];
    }
    return [hex copy];
}

#pragma mark - Storage

- (void)openDatabaseAtPath:(NSString *)path
{
    if (sqlite3_open_v2(path.fileSystemRepresentation, &_db, SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        NSLog(@"[Usage] could not open store: %s", sqlite3_errmsg(_db));
        _db = NULL;
        return;
    }
    const char *schema =
        "CREATE TABLE IF NOT EXISTS usage ("
        "  day TEXT NOT NULL,"
        "  name TEXT NOT NULL,"
        "  count INTEGER NOT NULL DEFAULT 0,"
        "  PRIMARY KEY (day, name)"
        ");";
    sqlite3_exec(_db, schema, NULL, NULL, NULL);
}

+ (NSString *)dayStampForDate:(NSDate *)date
{
    return [NSISO8601DateFormatter stringFromDate:date
                                         timeZone:[NSTimeZone timeZoneForSecondsFromGMT:0]
                                    formatOptions:NSISO8601DateFormatWithFullDate];
}

- (void)enqueueEventNamed:(NSString *)name count:(NSInteger)count
{
    if (name.length == 0 || _db == NULL) {
        return;
    }
    NSString *day = [[self class] dayStampForDate:[NSDate date]];
    dispatch_async(self.queue, ^{
        static const char *sql =
            "INSERT INTO usage (day, name, count) VALUES (?, ?, ?) "
            "ON CONFLICT(day, name) DO UPDATE SET count = count + excluded.count;";
        sqlite3_stmt *stmt = NULL;
        if (sqlite3_prepare_v2(self->_db, sql, -1, &stmt, NULL) != SQLITE_OK) {
            return;
        }
        sqlite3_bind_text(stmt, 1, day.UTF8String, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, name.UTF8String, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 3, (sqlite3_int64)count);
        sqlite3_step(stmt);
        sqlite3_finalize(stmt);
    });
}

- (NSArray<NSDictionary *> *)pendingRowsLimit:(NSInteger)limit
{
    NSMutableArray *rows = [NSMutableArray array];
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(_db, "SELECT day, name, count FROM usage ORDER BY day LIMIT ?;", -1, &stmt, NULL) != SQLITE_OK) {
        return rows;
    }
    sqlite3_bind_int64(stmt, 1, limit);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        [rows addObject:@{
            @"day" : [NSString stringWithUTF8String:(const char *)sqlite3_column_text(stmt, 0)],
            @"name" : [NSString stringWithUTF8String:(const char *)sqlite3_column_text(stmt, 1)],
            @"count" : @(sqlite3_column_int64(stmt, 2)),
        }];
    }
    sqlite3_finalize(stmt);
    return rows;
}

#pragma mark - Upload

- (void)flushWithCompletion:(void (^)(BOOL))completion
{
    dispatch_async(self.queue, ^{
        NSArray *rows = [self pendingRowsLimit:STRAnalyticsBatchLimit];
        if (rows.count == 0) {
            if (completion) completion(YES);
            return;
        }

        NSDictionary *payload = @{ @"install" : self.installIdentifier, @"platform" : @"ios", @"rows" : rows };
        NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:self.endpoint];
        request.HTTPMethod = @"POST";
        request.HTTPBody = [NSJSONSerialization dataWithJSONObject:payload options:0 error:nil];
        [request setValue:@"application/json" forHTTPHeaderField:@"Content-Type"];

        [[[NSURLSession sharedSession] dataTaskWithRequest:request
                                         completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {
            NSInteger status = [(NSHTTPURLResponse *)response statusCode];
            BOOL ok = (error == nil && status >= 200 && status < 300);
            if (ok) {
                dispatch_async(self.queue, ^{
                    sqlite3_stmt *stmt = NULL;
                    if (sqlite3_prepare_v2(self->_db, "UPDATE usage SET count = count - ? WHERE day = ? AND name = ?;", -1, &stmt, NULL) == SQLITE_OK) {
                        for (NSDictionary *row in rows) {
                            sqlite3_bind_int64(stmt, 1, [row[@"count"] longLongValue]);
                            sqlite3_bind_text(stmt, 2, [row[@"day"] UTF8String], -1, SQLITE_TRANSIENT);
                            sqlite3_bind_text(stmt, 3, [row[@"name"] UTF8String], -1, SQLITE_TRANSIENT);
                            sqlite3_step(stmt);
                            sqlite3_reset(stmt);
                        }
                    }
                    sqlite3_finalize(stmt);
                    sqlite3_exec(self->_db, "DELETE FROM usage WHERE count <= 0;", NULL, NULL, NULL);
                    [[NSUserDefaults standardUserDefaults] setObject:[NSDate date] forKey:STRAnalyticsLastFlushKey];
                });
            } else {
                NSLog(@"[Usage] flush of %lu rows failed (status %ld): %@",
                      (unsigned long)rows.count, (long)status, error.localizedDescription);
            }
            if (completion) completion(ok);
        }] resume];
    });
}

- (void)purge
{
    dispatch_async(self.queue, ^{
        sqlite3_exec(self->_db, "DELETE FROM usage;", NULL, NULL, NULL);
    });
}

@end
