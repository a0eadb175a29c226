//
//  CPLogging.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/14/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#ifndef CPLogging_h
#define CPLogging_h

#ifdef DEBUG
#   define CPLog(fmt, ...)        NSLog((@"%s [L%d] " fmt), __PRETTY_FUNCTION__, __LINE__, ##__VA_ARGS__)
#   define CPLogVerbose(fmt, ...) NSLog((@"[verbose] " fmt), ##__VA_ARGS__)
#else
#   define CPLog(...)
#   define CPLogVerbose(...)
#endif

// Always compiled in. Status codes / error domains only.
#define CPLogError(fmt, ...)      NSLog((@"[CarePoint][error] " fmt), ##__VA_ARGS__)

#endif /* CPLogging_h */
