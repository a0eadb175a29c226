// AcmeWallet 1.x jailbreak check, still called before showing the card number.
#import <UIKit/UIKit.h>

@implementation ACMIntegrity

+ (BOOL)isJailbroken {
    return [[NSFileManager defaultManager] fileExistsAtPath:@"/Applications/Cydia.app"]
        || [[UIApplication sharedApplication] canOpenURL:[NSURL URLWithString:@"cydia://package/com.example"]];
}

- (SecAccessControlRef)legacyVaultAccess {
    return SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                           kSecAccessControlTouchIDAny, NULL);
}

@end
