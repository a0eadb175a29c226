//
//  DDLogging.h
//  Dashdrop
//
//  DDLogDebug -> NSLog, compiled out of release builds.
//  DDLogInfo / DDLogError -> os_log; use %{public} only for non-personal values.
//

#ifndef DDLogging_h
#define DDLogging_h

#import <os/log.h>

static inline os_log_t DDLogHandle(void) {
    static os_log_t handle;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{ handle = os_log_create("com.dashdrop.ios", "legacy"); });
    return handle;
}

#ifdef DEBUG
    #define DDLogDebug(fmt, ...) NSLog((@"[DD] %s:%d " fmt), __PRETTY_FUNCTION__, __LINE__, ##__VA_ARGS__)
#else
    #define DDLogDebug(fmt, ...) do { } while (0)
#endif

#define DDLogInfo(fmt, ...)  os_log_info(DDLogHandle(), fmt, ##__VA_ARGS__)
#define DDLogError(fmt, ...) os_log_error(DDLogHandle(), fmt, ##__VA_ARGS__)

#endif /* DDLogging_h */
