#import <Foundation/Foundation.h>
#define kToken @"secret-token"
#if 0
NSString *url = @"http://example.com";
#endif
static NSString *const kKey = @"password";
@implementation A
- (void)f:(NSString *)password {
  [[NSUserDefaults standardUserDefaults] setObject:password forKey:kKey];
  NSLog(@"%@ %@", password, kToken);
  [x y:^{ [z w]; } z:@[@1, @{@"k": @"v"}]];
  CC_MD5(data.bytes, (CC_LONG)data.length, digest);
  char *s = "unterminated\
";
  /* unclosed comment
}
@end
