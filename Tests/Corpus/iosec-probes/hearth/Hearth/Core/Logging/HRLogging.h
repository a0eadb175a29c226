//
//  HRLogging.h
//  Hearth
//
//  Created by Marta Lindqvist on 14/03/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>
#import <os/log.h>

NS_ASSUME_NONNULL_BEGIN

typedef NS_ENUM(NSUInteger, HRLogCategory) {
    HRLogCategoryGeneral = 0,
    HRLogCategoryNetwork,
    HRLogCategoryHub,
    HRLogCategoryDatabase,
    HRLogCategoryAuth,
    HRLogCategoryCount
};

FOUNDATION_EXPORT os_log_t HRLogHandle(HRLogCategory category);

/// Writes a message to the unified log and mirrors info/error level messages into
/// the diagnostics buffer that users can attach to a support request.
FOUNDATION_EXPORT void HRLogWrite(HRLogCategory category, os_log_type_t type, NSString *message);

/// Location of the most recent diagnostics file, flushing pending lines first.
FOUNDATION_EXPORT NSURL * _Nullable HRDiagnosticsExportFileURL(void);

FOUNDATION_EXPORT void HRDiagnosticsClear(void);

#define HRLogInfo(category, fmt, ...) \
    HRLogWrite((category), OS_LOG_TYPE_INFO, [NSString stringWithFormat:(fmt), ##__VA_ARGS__])

#define HRLogError(category, fmt, ...) \
    HRLogWrite((category), OS_LOG_TYPE_ERROR, [NSString stringWithFormat:(fmt), ##__VA_ARGS__])

#if DEBUG
#define HRLogDebug(category, fmt, ...) \
    HRLogWrite((category), OS_LOG_TYPE_DEBUG, [NSString stringWithFormat:(fmt), ##__VA_ARGS__])
#else
#define HRLogDebug(category, fmt, ...) do { } while (0)
#endif

NS_ASSUME_NONNULL_END
