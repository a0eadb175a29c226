// The 1.x logging macro: every build, release included, writes through NSLog.
#define ACMLegacyLog(fmt, ...) NSLog((@"[legacy] " fmt), ##__VA_ARGS__)
