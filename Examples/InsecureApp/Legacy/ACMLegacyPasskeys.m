// The 1.x passkey sign-in, kept for the legacy login endpoint.
#import <AuthenticationServices/AuthenticationServices.h>

@implementation ACMLegacyPasskeys

- (void)registerPasskeyForAccount:(ACMAccount *)account {
    ASAuthorizationPlatformPublicKeyCredentialProvider *provider =
        [[ASAuthorizationPlatformPublicKeyCredentialProvider alloc] initWithRelyingPartyIdentifier:@"wallet.acme.example"];
    NSMutableData *challenge = [NSMutableData dataWithLength:32];
    SecRandomCopyBytes(kSecRandomDefault, challenge.length, challenge.mutableBytes);
    NSData *handle = [account.email dataUsingEncoding:NSUTF8StringEncoding];
    ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest *request =
        [provider createCredentialRegistrationRequestWithChallenge:challenge name:account.email userID:handle];
    [self performRequests:@[ request ]];
}

@end
