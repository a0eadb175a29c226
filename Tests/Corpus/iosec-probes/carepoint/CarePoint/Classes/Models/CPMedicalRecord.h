//
//  CPMedicalRecord.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/20/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface CPMedicalRecord : NSObject <NSSecureCoding>

@property (nonatomic, copy) NSString *recordID;
@property (nonatomic, copy) NSString *title;
@property (nonatomic, copy, nullable) NSString *providerName;
@property (nonatomic, assign) NSInteger providerID;
@property (nonatomic, strong) NSDate *visitDate;
@property (nonatomic, copy, nullable) NSString *summary;
@property (nonatomic, copy, nullable) NSString *attachmentSHA256; // hex, from server

- (nullable instancetype)initWithDictionary:(NSDictionary<NSString *, id> *)dictionary;
- (NSDictionary<NSString *, id> *)dictionaryRepresentation;

@end

NS_ASSUME_NONNULL_END
