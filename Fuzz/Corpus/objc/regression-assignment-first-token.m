= kToken;
@implementation ACMSession
- (void)signIn { self.password = @"Winter#2019"; }
@end
