//
//  DDKeychain.h
//  Dashdrop
//

#import <Foundation/Foundation.h>
#import <Security/Security.h>

NS_ASSUME_NONNULL_BEGIN

@interface DDKeychain : NSObject
+ (BOOL)setData:(NSData *)data forKey:(NSString *)key accessibility:(CFStringRef)accessibility;
+ (nullable NSData *)dataForKey:(NSString *)key;
+ (BOOL)removeItemForKey:(NSString *)key;
@end

NS_ASSUME_NONNULL_END
