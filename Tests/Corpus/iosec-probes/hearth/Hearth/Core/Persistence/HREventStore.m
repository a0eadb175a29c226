//
//  HREventStore.m
//  Hearth
//
//  Created by Marta Lindqvist on 28/05/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HREventStore.h"
#import "HRDatabase.h"
#import "HRSQLHelpers.h"
#import "HRLogging.h"

static NSString * const kHREventsTable  = @"events";
static NSString * const kHRDevicesTable = @"devices";
static NSString * const kHREventColumns = @"id, hub_id, device_id, device_name, room_name, kind, summary, ts";
static const int kHRSchemaVersion = 3;
static const NSUInteger kHRMaxQueryLimit = 500;

@interface HREvent ()
- (instancetype)initWithRow:(NSDictionary<NSString *, id> *)row;
@end

@implementation HREvent

static id HRNonNull(id value)
{
    return value == NSNull.null ? nil : value;
}

- (instancetype)initWithRow:(NSDictionary<NSString *, id> *)row
{
    if ((self = [super init])) {
        _rowID = [row[@"id"] longLongValue];
        _hubIdentifier = HRNonNull(row[@"hub_id"]) ?: @"";
        _deviceIdentifier = HRNonNull(row[@"device_id"]) ?: @"";
        _deviceName = HRNonNull(row[@"device_name"]);
        _roomName = HRNonNull(row[@"room_name"]);
        _kind = HRNonNull(row[@"kind"]) ?: @"unknown";
        _summary = HRNonNull(row[@"summary"]);
        _timestamp = [NSDate dateWithTimeIntervalSince1970:[row[@"ts"] doubleValue]];
    }
    return self;
}

@end

@implementation HREventFilter
@end

@interface HREventStore ()
@property (nonatomic, strong) HRDatabase *database;
@end

@implementation HREventStore

+ (HREventStore *)sharedStore
{
    static HREventStore *store;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        NSURL *support = [[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].firstObject;
        [[NSFileManager defaultManager] createDirectoryAtURL:support withIntermediateDirectories:YES attributes:nil error:NULL];
        NSString *path = [support URLByAppendingPathComponent:@"hearth-events.sqlite"].path;
        NSError *error = nil;
        HRDatabase *database = [[HRDatabase alloc] initWithPath:path error:&error];
        if (database == nil) {
            HRLogError(HRLogCategoryDatabase, @"Could not open event log: %ld", (long)error.code);
        }
        store = database ? [[HREventStore alloc] initWithDatabase:database] : nil;
    });
    return store;
}

- (instancetype)initWithDatabase:(HRDatabase *)database
{
    if ((self = [super init])) {
        _database = database;
        if (![self migrate]) {
            return nil;
        }
    }
    return self;
}

#pragma mark - Schema

- (BOOL)migrate
{
    int version = [self.database userVersion];
    if (version >= kHRSchemaVersion) {
        return YES;
    }

    NSArray<NSString *> *statements = @[
        [NSString stringWithFormat:@"CREATE TABLE IF NOT EXISTS %@ ("
                                    "id INTEGER PRIMARY KEY AUTOINCREMENT, hub_id TEXT NOT NULL, device_id TEXT NOT NULL, "
                                    "device_name TEXT, room_name TEXT, kind TEXT NOT NULL, summary TEXT, ts REAL NOT NULL)",
                                    kHREventsTable],
        [NSString stringWithFormat:@"CREATE INDEX IF NOT EXISTS idx_%@_device_ts ON %@ (device_id, ts)", kHREventsTable, kHREventsTable],
        [NSString stringWithFormat:@"CREATE TABLE IF NOT EXISTS %@ ("
                                    "device_id TEXT PRIMARY KEY, hub_id TEXT NOT NULL, name TEXT, room_name TEXT, "
                                    "type TEXT, model TEXT, firmware TEXT, updated_at REAL)",
                                    kHRDevicesTable],
    ];

    BOOL ok = [self.database inTransaction:^BOOL(HRDatabase *db) {
        for (NSString *sql in statements) {
            if (![db executeUpdate:sql arguments:nil error:NULL]) {
                return NO;
            }
        }
        return [db setUserVersion:kHRSchemaVersion error:NULL];
    }];
    if (!ok) {
        HRLogError(HRLogCategoryDatabase, @"Schema migration %d -> %d failed", version, kHRSchemaVersion);
    }
    return ok;
}

#pragma mark - Writes

- (void)recordHubEvent:(NSDictionary<NSString *, id> *)payload hubIdentifier:(NSString *)hubIdentifier
{
    NSString *deviceIdentifier = payload[@"device"];
    NSString *kind = payload[@"type"];
    if (![deviceIdentifier isKindOfClass:NSString.class] || ![kind isKindOfClass:NSString.class]) {
        return;
    }

    NSDictionary *device = [self deviceWithIdentifier:deviceIdentifier];
    NSNumber *timestamp = [payload[@"ts"] isKindOfClass:NSNumber.class] ? payload[@"ts"] : @([NSDate date].timeIntervalSince1970);
    NSArray *arguments = @[
        hubIdentifier,
        deviceIdentifier,
        device[@"name"] ?: NSNull.null,
        device[@"room_name"] ?: NSNull.null,
        kind,
        [payload[@"summary"] isKindOfClass:NSString.class] ? payload[@"summary"] : NSNull.null,
        @(timestamp.doubleValue),
    ];

    NSString *sql = [NSString stringWithFormat:@"INSERT INTO %@ (hub_id, device_id, device_name, room_name, kind, summary, ts) "
                                                "VALUES (%@)", kHREventsTable, HRSQLPlaceholders(arguments.count)];
    NSError *error = nil;
    if (![self.database executeUpdate:sql arguments:arguments error:&error]) {
        HRLogError(HRLogCategoryDatabase, @"Event insert failed: %ld", (long)error.code);
    }
}

- (void)upsertDevices:(NSArray<NSDictionary<NSString *, id> *> *)devices hubIdentifier:(NSString *)hubIdentifier
{
    NSString *sql = @"INSERT INTO devices (device_id, hub_id, name, room_name, type, model, firmware, updated_at) "
                    @"VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    @"ON CONFLICT(device_id) DO UPDATE SET hub_id = excluded.hub_id, name = excluded.name, "
                    @"room_name = excluded.room_name, type = excluded.type, model = excluded.model, "
                    @"firmware = excluded.firmware, updated_at = excluded.updated_at";
    NSDate *now = [NSDate date];

    [self.database inTransaction:^BOOL(HRDatabase *db) {
        for (NSDictionary *device in devices) {
            NSString *identifier = device[@"id"];
            if (![identifier isKindOfClass:NSString.class]) {
                continue;
            }
            NSArray *arguments = @[
                identifier,
                hubIdentifier,
                device[@"name"] ?: NSNull.null,
                device[@"room"] ?: NSNull.null,
                device[@"type"] ?: NSNull.null,
                device[@"model"] ?: NSNull.null,
                device[@"firmware"] ?: NSNull.null,
                now,
            ];
            if (![db executeUpdate:sql arguments:arguments error:NULL]) {
                return NO;
            }
        }
        return YES;
    }];
}

- (void)pruneEventsOlderThan:(NSDate *)cutoff
{
    [self.database executeUpdate:@"DELETE FROM events WHERE ts < ?" arguments:@[cutoff] error:NULL];
}

- (void)removeAllData
{
    [self.database inTransaction:^BOOL(HRDatabase *db) {
        return [db executeUpdate:@"DELETE FROM events" arguments:nil error:NULL] &&
               [db executeUpdate:@"DELETE FROM devices" arguments:nil error:NULL];
    }];
}

#pragma mark - Reads

- (NSArray<HREvent *> *)eventsFromRows:(NSArray<NSDictionary *> *)rows
{
    NSMutableArray<HREvent *> *events = [NSMutableArray arrayWithCapacity:rows.count];
    for (NSDictionary *row in rows) {
        [events addObject:[[HREvent alloc] initWithRow:row]];
    }
    return events;
}

- (NSArray<HREvent *> *)recentEventsForDevice:(NSString *)deviceIdentifier limit:(NSUInteger)limit
{
    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %@ WHERE device_id = ? ORDER BY ts DESC LIMIT ?",
                                               kHREventColumns, kHREventsTable];
    NSArray *rows = [self.database executeQuery:sql
                                      arguments:@[deviceIdentifier, @(MIN(limit, kHRMaxQueryLimit))]
                                          error:NULL];
    return [self eventsFromRows:rows ?: @[]];
}

- (NSArray<HREvent *> *)eventsMatchingFilter:(HREventFilter *)filter
{
    NSMutableArray<NSString *> *clauses = [NSMutableArray array];
    NSMutableArray *arguments = [NSMutableArray array];

    if (filter.since) {
        [clauses addObject:@"ts >= ?"];
        [arguments addObject:filter.since];
    }
    if (filter.eventKinds.count > 0) {
        [clauses addObject:[NSString stringWithFormat:@"kind IN (%@)", HRSQLPlaceholders(filter.eventKinds.count)]];
        [arguments addObjectsFromArray:filter.eventKinds];
    }
    if (filter.roomName.length > 0) {
        [clauses addObject:HRSQLMatchClause(@"room_name", filter.roomName)];
    }
    if (filter.searchText.length > 0) {
        NSString *pattern = HRSQLContainsPattern(filter.searchText);
        [clauses addObject:@"(device_name LIKE ? ESCAPE '\\' OR summary LIKE ? ESCAPE '\\')"];
        [arguments addObjectsFromArray:@[pattern, pattern]];
    }

    NSUInteger limit = filter.limit > 0 ? MIN(filter.limit, kHRMaxQueryLimit) : 200;
    NSString *sql = [NSString stringWithFormat:@"SELECT %@ FROM %@%@ ORDER BY ts DESC LIMIT %lu",
                                               kHREventColumns, kHREventsTable, HRSQLWhereClause(clauses), (unsigned long)limit];

    NSError *error = nil;
    NSArray *rows = [self.database executeQuery:sql arguments:arguments error:&error];
    if (rows == nil) {
        HRLogError(HRLogCategoryDatabase, @"Event query failed: %ld", (long)error.code);
    }
    return [self eventsFromRows:rows ?: @[]];
}

- (NSArray<NSString *> *)knownRoomNames
{
    NSArray *rows = [self.database executeQuery:@"SELECT DISTINCT room_name FROM devices WHERE room_name IS NOT NULL ORDER BY room_name COLLATE NOCASE"
                                      arguments:nil
                                          error:NULL];
    return [rows valueForKey:@"room_name"] ?: @[];
}

- (NSDictionary<NSString *, id> *)deviceWithIdentifier:(NSString *)deviceIdentifier
{
    NSArray *rows = [self.database executeQuery:@"SELECT device_id, hub_id, name, room_name, type, model, firmware FROM devices WHERE device_id = ? LIMIT 1"
                                      arguments:@[deviceIdentifier]
                                          error:NULL];
    return rows.firstObject;
}

@end
