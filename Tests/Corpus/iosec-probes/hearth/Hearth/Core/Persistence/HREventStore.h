//
//  HREventStore.h
//  Hearth
//
//  Created by Marta Lindqvist on 28/05/2019.
//  Copyright © 2019 Hearth Labs AB. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@class HRDatabase;

@interface HREvent : NSObject
@property (nonatomic, assign, readonly) int64_t rowID;
@property (nonatomic, copy, readonly) NSString *hubIdentifier;
@property (nonatomic, copy, readonly) NSString *deviceIdentifier;
@property (nonatomic, copy, readonly, nullable) NSString *deviceName;
@property (nonatomic, copy, readonly, nullable) NSString *roomName;
@property (nonatomic, copy, readonly) NSString *kind;
@property (nonatomic, copy, readonly, nullable) NSString *summary;
@property (nonatomic, strong, readonly) NSDate *timestamp;
@end

@interface HREventFilter : NSObject
@property (nonatomic, copy, nullable) NSString *roomName;
@property (nonatomic, copy, nullable) NSString *searchText;
@property (nonatomic, copy, nullable) NSArray<NSString *> *eventKinds;
@property (nonatomic, strong, nullable) NSDate *since;
@property (nonatomic, assign) NSUInteger limit;
@end

@interface HREventStore : NSObject

@property (class, nonatomic, readonly) HREventStore *sharedStore NS_SWIFT_NAME(shared);

- (nullable instancetype)initWithDatabase:(HRDatabase *)database NS_DESIGNATED_INITIALIZER;
- (instancetype)init NS_UNAVAILABLE;

- (void)recordHubEvent:(NSDictionary<NSString *, id> *)payload hubIdentifier:(NSString *)hubIdentifier;
- (void)upsertDevices:(NSArray<NSDictionary<NSString *, id> *> *)devices hubIdentifier:(NSString *)hubIdentifier;

- (NSArray<HREvent *> *)recentEventsForDevice:(NSString *)deviceIdentifier limit:(NSUInteger)limit;
- (NSArray<HREvent *> *)eventsMatchingFilter:(HREventFilter *)filter NS_SWIFT_NAME(events(matching:));

- (NSArray<NSString *> *)knownRoomNames;
- (nullable NSDictionary<NSString *, id> *)deviceWithIdentifier:(NSString *)deviceIdentifier;

- (void)pruneEventsOlderThan:(NSDate *)cutoff;
- (void)removeAllData;

@end

NS_ASSUME_NONNULL_END
