//
//  HRSQLHelpers.h
//  Hearth
//
//  Created by Jonas Ekberg on 17/02/2021.
//  Copyright © 2021 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// "?, ?, ?" for an IN (...) list of `count` bound values.
FOUNDATION_EXPORT NSString *HRSQLPlaceholders(NSUInteger count);

/// Double-quotes an identifier (table or column name).
FOUNDATION_EXPORT NSString *HRSQLQuotedIdentifier(NSString *identifier);

/// Equality clause for a text column, e.g. `"room_name" = 'Kitchen'`.
FOUNDATION_EXPORT NSString *HRSQLMatchClause(NSString *column, NSString *value);

/// LIKE pattern for a substring search; use with `ESCAPE '\'` and bind it.
FOUNDATION_EXPORT NSString *HRSQLContainsPattern(NSString *text);

/// " WHERE a AND b" or the empty string when there are no clauses.
FOUNDATION_EXPORT NSString *HRSQLWhereClause(NSArray<NSString *> *clauses);

NS_ASSUME_NONNULL_END
