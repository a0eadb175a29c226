//
//  HRSQLHelpers.m
//  Hearth
//
//  Created by Jonas Ekberg on 17/02/2021.
//  Copyright © 2021 Hearth Labs AB. All rights reserved.
//

#import "HRSQLHelpers.h"

NSString *HRSQLPlaceholders(NSUInteger count)
{
    NSMutableArray<NSString *> *marks = [NSMutableArray arrayWithCapacity:count];
    for (NSUInteger i = 0; i < count; i++) {
        [marks addObject:@"?"];
    }
    return [marks componentsJoinedByString:@", "];
}

NSString *HRSQLQuotedIdentifier(NSString *identifier)
{
    NSString *escaped = [identifier stringByReplacingOccurrencesOfString:@"\"" withString:@"\"\""];
    return [NSString stringWithFormat:@"\"%@\"", escaped];
}

NSString *HRSQLMatchClause(NSString *column, NSString *value)
{
    // Room and device names are user-entered on the hub and often carry
    // trailing whitespace from the hub's web UI.
    NSString *trimmed = [value stringByTrimmingCharactersInSet:NSCharacterSet.whitespaceAndNewlineCharacterSet];
    return [NSString stringWithFormat:@"%@ = '%@'", HRSQLQuotedIdentifier(column), trimmed];
}

NSString *HRSQLContainsPattern(NSString *text)
{
    NSString *escaped = [text stringByReplacingOccurrencesOfString:@"\\" withString:@"\\\\"];
    escaped = [escaped stringByReplacingOccurrencesOfString:@"%" withString:@"\\%"];
    escaped = [escaped stringByReplacingOccurrencesOfString:@"_" withString:@"\\_"];
    return [NSString stringWithFormat:@"%%%@%%", escaped];
}

NSString *HRSQLWhereClause(NSArray<NSString *> *clauses)
{
    if (clauses.count == 0) {
        return @"";
    }
    return [@" WHERE " stringByAppendingString:[clauses componentsJoinedByString:@" AND "]];
}
