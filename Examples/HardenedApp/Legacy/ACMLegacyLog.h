// The 1.x logging macro: NSLog in debug builds, nothing in release builds.
#ifdef DEBUG
#define ACMLegacyLog(fmt, ...) NSLog((@"[legacy] " fmt), ##__VA_ARGS__)
#else
#define ACMLegacyLog(...)
#endif
