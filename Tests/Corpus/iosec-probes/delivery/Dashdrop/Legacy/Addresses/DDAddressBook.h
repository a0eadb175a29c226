//
//  DDAddressBook.h
//  Dashdrop
//

#import <Foundation/Foundation.h>
#import <CoreLocation/CoreLocation.h>

NS_ASSUME_NONNULL_BEGIN

NS_SWIFT_NAME(DeliveryAddress)
@interface DDAddress : NSObject
@property (nonatomic, copy, readonly) NSString *addressIdentifier;
@property (nonatomic, copy) NSString *label;
@property (nonatomic, copy) NSString *street;
@property (nonatomic, copy) NSString *city;
@property (nonatomic, copy) NSString *postalCode;
@property (nonatomic, copy, nullable) NSString *dropOffInstructions;
@property (nonatomic, assign) CLLocationCoordinate2D coordinate;
@property (nonatomic, readonly) NSString *singleLineDescription;

- (instancetype)initWithStreet:(NSString *)street city:(NSString *)city postalCode:(NSString *)postalCode
                    coordinate:(CLLocationCoordinate2D)coordinate;
- (nullable instancetype)initWithJSON:(NSDictionary *)json;
- (NSDictionary *)JSONRepresentation;
@end

NS_SWIFT_NAME(AddressBook)
@interface DDAddressBook : NSObject
+ (instancetype)sharedBook NS_SWIFT_NAME(shared());
@property (nonatomic, copy, readonly) NSArray<DDAddress *> *addresses;   // most recent first
@property (nonatomic, strong, readonly, nullable) DDAddress *selectedAddress;
- (void)addOrUpdateAddress:(DDAddress *)address NS_SWIFT_NAME(addOrUpdate(_:));
- (void)selectAddress:(DDAddress *)address NS_SWIFT_NAME(select(_:));
- (void)syncWithCompletion:(nullable void (^)(NSError * _Nullable error))completion;
- (void)clear;
@end

NS_ASSUME_NONNULL_END
