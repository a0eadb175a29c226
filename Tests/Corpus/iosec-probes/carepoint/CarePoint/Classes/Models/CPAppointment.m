//
//  CPAppointment.m
//  CarePoint
//
//  Created by Priya Raman on 11/6/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPAppointment.h"
#include <string.h>

// Kiosk firmware expects this exact layout (big endian, NUL padded). Do not reorder.
typedef struct __attribute__((packed)) {
    uint8_t  version;
    char     clinicCode[12];
    char     appointmentRef[40];
    uint32_t issuedAt;
} CPCheckInPayload;

static const uint8_t kCPCheckInPayloadVersion = 2;

@implementation CPAppointment

- (instancetype)initWithDictionary:(NSDictionary<NSString *,id> *)dictionary {
    NSString *identifier = dictionary[@"id"];
    NSString *clinicID = dictionary[@"clinic_id"];
    NSNumber *startEpoch = dictionary[@"start_epoch"];
    if (![identifier isKindOfClass:[NSString class]] ||
        ![clinicID isKindOfClass:[NSString class]] ||
        ![startEpoch isKindOfClass:[NSNumber class]]) {
        return nil;
    }

    self = [super init];
    if (self) {
        _appointmentID = [identifier copy];
        _clinicID = [clinicID copy];
        _startDate = [NSDate dateWithTimeIntervalSince1970:startEpoch.doubleValue];

        id code = dictionary[@"clinic_code"];
        _clinicCode = [code isKindOfClass:[NSString class]] ? [code copy] : @"";
        id clinicName = dictionary[@"clinic_name"];
        _clinicName = [clinicName isKindOfClass:[NSString class]] ? [clinicName copy] : nil;
        id provider = dictionary[@"provider_name"];
        _providerName = [provider isKindOfClass:[NSString class]] ? [provider copy] : @"";
    }
    return self;
}

- (NSString *)reminderText {
    NSString *name = self.providerName.length > 0 ? self.providerName : (self.clinicName ?: @"");
    return [NSString stringWithFormat:NSLocalizedString(@"appointment.reminder", nil), name];
}

- (NSString *)localizedStartTime {
    static NSDateFormatter *formatter;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        formatter = [[NSDateFormatter alloc] init];
        formatter.dateStyle = NSDateFormatterMediumStyle;
        formatter.timeStyle = NSDateFormatterShortStyle;
        formatter.doesRelativeDateFormatting = YES;
    });
    return [formatter stringFromDate:self.startDate];
}

- (NSData *)checkInPayload {
    CPCheckInPayload payload;
    memset(&payload, 0, sizeof(payload));

    payload.version = kCPCheckInPayloadVersion;
    strlcpy(payload.clinicCode, self.clinicCode.UTF8String ?: "", sizeof(payload.clinicCode));
    strlcpy(payload.appointmentRef, self.appointmentID.UTF8String ?: "", sizeof(payload.appointmentRef));
    payload.issuedAt = CFSwapInt32HostToBig((uint32_t)[[NSDate date] timeIntervalSince1970]);

    CPLog(@"Check-in payload for %s/%s", payload.clinicCode, payload.appointmentRef);
    return [NSData dataWithBytes:&payload length:sizeof(payload)];
}

- (NSString *)description {
    return [NSString stringWithFormat:@"<CPAppointment %@ @ %@>", self.appointmentID, self.startDate];
}

@end
