//
//  HRDatabase.h
//  Hearth
//
//  Created by Marta Lindqvist on 28/05/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

typedef NSDictionary<NSString *, id> HRDatabaseRow;

/// Serialised access to a single SQLite connection. Statements use `?`
/// placeholders; arguments may be NSString, NSNumber, NSData, NSDate or NSNull.
@interface HRDatabase : NSObject

@property (nonatomic, copy, readonly) NSString *path;

- (nullable instancetype)initWithPath:(NSString *)path error:(NSError **)error NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (BOOL)executeUpdate:(NSString *)sql arguments:(nullable NSArray *)arguments error:(NSError **)error;
- (nullable NSArray<HRDatabaseRow *> *)executeQuery:(NSString *)sql arguments:(nullable NSArray *)arguments error:(NSError **)error;

- (int)userVersion;
- (BOOL)setUserVersion:(int)version error:(NSError **)error;

/// Runs the block inside BEGIN IMMEDIATE / COMMIT. Returning NO rolls back.
- (BOOL)inTransaction:(BOOL (NS_NOESCAPE ^)(HRDatabase *db))block;

- (void)close;

@end

NS_ASSUME_NONNULL_END
