//
//  HRLogging.m
//  Hearth
//
//  Created by Marta Lindqvist on 14/03/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import "HRLogging.h"
#import "HRConstants.h"
#import <UIKit/UIKit.h>

static const char *HRLogSubsystem = "com.hearthlabs.hearth";
static const NSUInteger HRDiagnosticsMaxLines = 2000;
static const NSUInteger HRDiagnosticsFlushThreshold = 50;

#pragma mark - Diagnostics buffer

@interface HRDiagnosticsBuffer : NSObject
+ (HRDiagnosticsBuffer *)sharedBuffer;
- (void)appendLine:(NSString *)line;
- (nullable NSURL *)flushAndReturnFileURL;
- (void)clear;
@end

@implementation HRDiagnosticsBuffer {
    dispatch_queue_t _queue;
    NSMutableArray<NSString *> *_lines;
    NSUInteger _unflushedCount;
    NSISO8601DateFormatter *_formatter;
    NSURL *_fileURL;
}

HR_SHARED_INSTANCE(HRDiagnosticsBuffer, sharedBuffer, [[HRDiagnosticsBuffer alloc] init])

- (instancetype)init
{
    if ((self = [super init])) {
        _queue = dispatch_queue_create("com.hearthlabs.hearth.diagnostics", DISPATCH_QUEUE_SERIAL);
        _lines = [NSMutableArray arrayWithCapacity:HRDiagnosticsMaxLines];
        _formatter = [[NSISO8601DateFormatter alloc] init];
        _formatter.formatOptions = NSISO8601DateFormatWithInternetDateTime | NSISO8601DateFormatWithFractionalSeconds;

        NSURL *caches = [[NSFileManager defaultManager] URLsForDirectory:NSCachesDirectory inDomains:NSUserDomainMask].firstObject;
        NSURL *directory = [caches URLByAppendingPathComponent:@"Diagnostics" isDirectory:YES];
        [[NSFileManager defaultManager] createDirectoryAtURL:directory withIntermediateDirectories:YES attributes:nil error:NULL];
        _fileURL = [directory URLByAppendingPathComponent:@"hearth.log"];

        [[NSNotificationCenter defaultCenter] addObserver:self
                                                 selector:@selector(applicationDidEnterBackground:)
                                                     name:UIApplicationDidEnterBackgroundNotification
                                                   object:nil];
    }
    return self;
}

- (void)appendLine:(NSString *)line
{
    NSDate *now = [NSDate date];
    dispatch_async(_queue, ^{
        [self->_lines addObject:[NSString stringWithFormat:@"%@ %@", [self->_formatter stringFromDate:now], line]];
        [self trimLocked];
        if (++self->_unflushedCount >= HRDiagnosticsFlushThreshold) {
            [self flushLocked];
        }
    });
}

- (void)trimLocked
{
    if (_lines.count > HRDiagnosticsMaxLines) {
        [_lines removeObjectsInRange:NSMakeRange(0, _lines.count - HRDiagnosticsMaxLines)];
    }
}

- (void)flushLocked
{
    NSData *data = [[_lines componentsJoinedByString:@"\n"] dataUsingEncoding:NSUTF8StringEncoding];
    NSError *error = nil;
    if (![data writeToURL:_fileURL options:NSDataWritingAtomic error:&error]) {
        os_log_error(HRLogHandle(HRLogCategoryGeneral), "Diagnostics flush failed: %ld", (long)error.code);
    }
    _unflushedCount = 0;
}

- (NSURL *)flushAndReturnFileURL
{
    __block NSURL *url = nil;
    dispatch_sync(_queue, ^{
        [self flushLocked];
        url = self->_fileURL;
    });
    return url;
}

- (void)clear
{
    dispatch_sync(_queue, ^{
        [self->_lines removeAllObjects];
        [[NSFileManager defaultManager] removeItemAtURL:self->_fileURL error:NULL];
        self->_unflushedCount = 0;
    });
}

- (void)applicationDidEnterBackground:(NSNotification *)note
{
    dispatch_async(_queue, ^{
        [self flushLocked];
    });
}

@end

#pragma mark - Public API

os_log_t HRLogHandle(HRLogCategory category)
{
    static os_log_t handles[HRLogCategoryCount];
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        handles[HRLogCategoryGeneral]  = os_log_create(HRLogSubsystem, "general");
        handles[HRLogCategoryNetwork]  = os_log_create(HRLogSubsystem, "network");
        handles[HRLogCategoryHub]      = os_log_create(HRLogSubsystem, "hub");
        handles[HRLogCategoryDatabase] = os_log_create(HRLogSubsystem, "database");
        handles[HRLogCategoryAuth]     = os_log_create(HRLogSubsystem, "auth");
    });
    if (category >= HRLogCategoryCount) {
        category = HRLogCategoryGeneral;
    }
    return handles[category];
}

static NSString *HRLogTypeLabel(os_log_type_t type)
{
    switch (type) {
        case OS_LOG_TYPE_DEBUG: return @"DEBUG";
        case OS_LOG_TYPE_INFO:  return @"INFO";
        case OS_LOG_TYPE_ERROR: return @"ERROR";
        case OS_LOG_TYPE_FAULT: return @"FAULT";
        default:                return @"NOTICE";
    }
}

void HRLogWrite(HRLogCategory category, os_log_type_t type, NSString *message)
{
    os_log_with_type(HRLogHandle(category), type, "%{public}@", message);
    if (type != OS_LOG_TYPE_DEBUG) {
        NSString *line = [NSString stringWithFormat:@"[%@] %@", HRLogTypeLabel(type), message];
        [[HRDiagnosticsBuffer sharedBuffer] appendLine:line];
    }
}

NSURL *HRDiagnosticsExportFileURL(void)
{
    return [[HRDiagnosticsBuffer sharedBuffer] flushAndReturnFileURL];
}

void HRDiagnosticsClear(void)
{
    [[HRDiagnosticsBuffer sharedBuffer] clear];
}
