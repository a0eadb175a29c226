//
//  CPMedicalRecord.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/20/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPMedicalRecord.h"

static NSString * const kCPRecordKeyID         = @"id";
static NSString * const kCPRecordKeyTitle      = @"title";
static NSString * const kCPRecordKeyProvider   = @"provider_name";
static NSString * const kCPRecordKeyProviderID = @"provider_id";
static NSString * const kCPRecordKeyVisitDate  = @"visit_date";
static NSString * const kCPRecordKeySummary    = @"summary";
static NSString * const kCPRecordKeyAttachment = @"attachment_sha256";

@implementation CPMedicalRecord

+ (BOOL)supportsSecureCoding {
    return YES;
}

+ (NSISO8601DateFormatter *)dateFormatter {
    static NSISO8601DateFormatter *formatter;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        formatter = [[NSISO8601DateFormatter alloc] init];
    });
    return formatter;
}

- (instancetype)initWithDictionary:(NSDictionary<NSString *,id> *)dictionary {
    NSString *identifier = dictionary[kCPRecordKeyID];
    NSString *title = dictionary[kCPRecordKeyTitle];
    if (![identifier isKindOfClass:[NSString class]] || ![title isKindOfClass:[NSString class]]) {
        return nil;
    }

    self = [super init];
    if (self) {
        _recordID = [identifier copy];
        _title = [title copy];

        id provider = dictionary[kCPRecordKeyProvider];
        _providerName = [provider isKindOfClass:[NSString class]] ? [provider copy] : nil;

        id providerID = dictionary[kCPRecordKeyProviderID];
        _providerID = [providerID respondsToSelector:@selector(integerValue)] ? [providerID integerValue] : 0;

        id dateString = dictionary[kCPRecordKeyVisitDate];
        NSDate *date = [dateString isKindOfClass:[NSString class]] ? [[CPMedicalRecord dateFormatter] dateFromString:dateString] : nil;
        _visitDate = date ?: [NSDate distantPast];

        id summary = dictionary[kCPRecordKeySummary];
        _summary = [summary isKindOfClass:[NSString class]] ? [summary copy] : nil;

        id sha = dictionary[kCPRecordKeyAttachment];
        _attachmentSHA256 = [sha isKindOfClass:[NSString class]] ? [[sha lowercaseString] copy] : nil;
    }
    return self;
}

- (NSDictionary<NSString *,id> *)dictionaryRepresentation {
    NSMutableDictionary *dict = [NSMutableDictionary dictionary];
    dict[kCPRecordKeyID] = self.recordID;
    dict[kCPRecordKeyTitle] = self.title;
    dict[kCPRecordKeyProviderID] = @(self.providerID);
    dict[kCPRecordKeyVisitDate] = [[CPMedicalRecord dateFormatter] stringFromDate:self.visitDate];
    if (self.providerName) { dict[kCPRecordKeyProvider] = self.providerName; }
    if (self.summary) { dict[kCPRecordKeySummary] = self.summary; }
    if (self.attachmentSHA256) { dict[kCPRecordKeyAttachment] = self.attachmentSHA256; }
    return [dict copy];
}

#pragma mark - NSSecureCoding

- (instancetype)initWithCoder:(NSCoder *)coder {
    self = [super init];
    if (self) {
        _recordID = [coder decodeObjectOfClass:[NSString class] forKey:kCPRecordKeyID];
        _title = [coder decodeObjectOfClass:[NSString class] forKey:kCPRecordKeyTitle];
        _providerName = [coder decodeObjectOfClass:[NSString class] forKey:kCPRecordKeyProvider];
        _providerID = [coder decodeIntegerForKey:kCPRecordKeyProviderID];
        _visitDate = [coder decodeObjectOfClass:[NSDate class] forKey:kCPRecordKeyVisitDate];
        _summary = [coder decodeObjectOfClass:[NSString class] forKey:kCPRecordKeySummary];
        _attachmentSHA256 = [coder decodeObjectOfClass:[NSString class] forKey:kCPRecordKeyAttachment];
    }
    if (_recordID == nil || _title == nil) {
        return nil;
    }
    return self;
}

- (void)encodeWithCoder:(NSCoder *)coder {
    [coder encodeObject:self.recordID forKey:kCPRecordKeyID];
    [coder encodeObject:self.title forKey:kCPRecordKeyTitle];
    [coder encodeObject:self.providerName forKey:kCPRecordKeyProvider];
    [coder encodeInteger:self.providerID forKey:kCPRecordKeyProviderID];
    [coder encodeObject:self.visitDate forKey:kCPRecordKeyVisitDate];
    [coder encodeObject:self.summary forKey:kCPRecordKeySummary];
    [coder encodeObject:self.attachmentSHA256 forKey:kCPRecordKeyAttachment];
}

- (NSString *)description {
    // Intentionally omits summary / provider to keep PHI out of crash logs.
    return [NSString stringWithFormat:@"<%@: %p id=%@>", NSStringFromClass([self class]), self, self.recordID];
}

@end
