//
//  DDSessionManager.h
//  Dashdrop
//

#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

@interface DDUser : NSObject
@property (nonatomic, copy, readonly) NSString *userIdentifier;
@property (nonatomic, copy, readonly) NSString *firstName;
@property (nonatomic, copy, readonly) NSString *email;
@property (nonatomic, copy, readonly, nullable) NSString *phoneNumber;
@property (nonatomic, copy, readonly) NSString *loyaltyTier;
@property (nonatomic, copy, readonly, nullable) NSString *homeMarket;
@property (nonatomic, copy, readonly) NSDictionary *JSONRepresentation;
- (nullable instancetype)initWithJSON:(NSDictionary *)json;
@end

@interface DDSession : NSObject
@property (nonatomic, copy, readonly) NSString *accessToken;
@property (nonatomic, copy, readonly) NSString *refreshToken;
@property (nonatomic, strong, readonly) NSDate *expiresAt;
@property (nonatomic, strong, readonly) DDUser *user;
@property (nonatomic, readonly, getter=isExpired) BOOL expired;
- (nullable instancetype)initWithJSON:(NSDictionary *)json;
- (instancetype)initWithAccessToken:(NSString *)accessToken
                       refreshToken:(NSString *)refreshToken
                          expiresAt:(NSDate *)expiresAt
                               user:(DDUser *)user;
@end

typedef void (^DDSessionCompletion)(DDSession * _Nullable session, NSError * _Nullable error);

NS_SWIFT_NAME(SessionManager)
@interface DDSessionManager : NSObject

+ (instancetype)sharedManager NS_SWIFT_NAME(shared());

@property (nonatomic, strong, readonly, nullable) DDSession *currentSession;
@property (nonatomic, readonly, getter=isLoggedIn) BOOL loggedIn;
@property (nonatomic, copy, readonly) NSString *installationIdentifier;
@property (nonatomic, copy, readonly, nullable) NSString *rememberedEmail;

- (void)restoreSession;
- (void)loginWithEmail:(NSString *)email password:(NSString *)password completion:(DDSessionCompletion)completion;
- (void)refreshSessionWithCompletion:(DDSessionCompletion)completion;
- (void)fetchValidAccessToken:(void (^)(NSString * _Nullable token, NSError * _Nullable error))completion
    NS_SWIFT_NAME(fetchValidAccessToken(_:));
- (void)logout;

@end

NS_ASSUME_NONNULL_END
