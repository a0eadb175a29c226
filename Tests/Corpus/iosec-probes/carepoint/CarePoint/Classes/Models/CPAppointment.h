//
//  CPAppointment.h
//  CarePoint
//
//  Created by Priya Raman on 11/6/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface CPAppointment : NSObject

@property (nonatomic, copy) NSString *appointmentID;
@property (nonatomic, copy) NSString *clinicID;
@property (nonatomic, copy) NSString *clinicCode;   // short code printed on the kiosk, e.g. "NW-04"
@property (nonatomic, copy, nullable) NSString *clinicName;
@property (nonatomic, copy) NSString *providerName;
@property (nonatomic, strong) NSDate *startDate;

- (nullable instancetype)initWithDictionary:(NSDictionary<NSString *, id> *)dictionary;

- (NSString *)reminderText;
- (NSString *)localizedStartTime;

/// Binary payload encoded into the check-in QR code scanned at the front desk kiosk.
/// Carries no authority by itself: the kiosk looks the reference up server-side and the
/// patient confirms date of birth at the desk.
- (NSData *)checkInPayload;

@end

NS_ASSUME_NONNULL_END
