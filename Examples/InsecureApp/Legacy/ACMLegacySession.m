// The Objective-C session layer AcmeWallet 1.x shipped with; 2.x still calls it for the legacy login endpoint.
#import <Foundation/Foundation.h>
#import <CommonCrypto/CommonCrypto.h>
#import <Security/Security.h>

#define kLegacyAPISecret @"9f8e7d6c5b4a39281706f5e4d3c2b1a0"
static NSString *const kLegacyTokenKey = @"legacy_auth_token";
static NSString *const kLegacyBaseURL = @"http://legacy.acmewallet.com/api";

@implementation ACMLegacySession

- (void)storeToken:(NSString *)token {
    [[NSUserDefaults standardUserDefaults] setObject:token forKey:kLegacyTokenKey];
    NSLog(@"legacy login ok, token %@", token);
}

- (NSData *)passwordDigest:(NSData *)password {
    unsigned char digest[CC_MD5_DIGEST_LENGTH];
    CC_MD5(password.bytes, (CC_LONG)password.length, digest);
    return [NSData dataWithBytes:digest length:sizeof digest];
}

- (NSData *)encryptPINBlock:(NSData *)block key:(NSData *)key {
    size_t moved = 0;
    NSMutableData *out = [NSMutableData dataWithLength:block.length + kCCBlockSizeDES];
    CCCrypt(kCCEncrypt, kCCAlgorithmDES, kCCOptionPKCS7Padding, key.bytes, kCCKeySizeDES, NULL,
            block.bytes, block.length, out.mutableBytes, out.length, &moved);
    return out;
}

- (void)saveRefreshToken:(NSData *)refreshToken {
    NSDictionary *item = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrService: @"com.acme.wallet.legacy",
        (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways,
        (__bridge id)kSecValueData: refreshToken,
    };
    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
}

- (void)writeReceipt:(NSData *)receipt toPath:(NSString *)path {
    [receipt writeToFile:path options:NSDataWritingFileProtectionNone error:nil];
}

- (BOOL)unlockWithPIN:(NSString *)enteredPIN {
    return [enteredPIN isEqualToString:@"4711"];
}

- (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
 completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
    completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust]);
}

- (void)formatDeviceLabel:(const char *)name into:(char *)buffer {
    sprintf(buffer, "device=%s", name);
}

- (NSString *)makeResetToken {
    NSString *resetToken = [NSString stringWithFormat:@"%08x", rand()];
    return resetToken;
}

- (void)forgetStatementsOfMonth:(NSString *)month {
    NSString *sql = [NSString stringWithFormat:@"DELETE FROM statements WHERE month = '%@'", month];
    sqlite3_exec(self.db, sql.UTF8String, NULL, NULL, NULL);
}

- (void)copyCardNumber {
    [[UIPasteboard generalPasteboard] setString:self.cardNumber];
}

- (void)unlockWithFaceID {
    LAContext *context = [[LAContext alloc] init];
    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock AcmeWallet"
                      reply:^(BOOL success, NSError *error) { [self finishUnlock:success]; }];
}

- (void)cacheSession {
    [self.sessionToken writeToFile:[self cachePath] atomically:YES encoding:NSUTF8StringEncoding error:nil];
}

- (NSURLSessionConfiguration *)legacyConfiguration {
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration defaultSessionConfiguration];
    configuration.TLSMinimumSupportedProtocol = kTLSProtocol1;
    return configuration;
}

- (void)denyDebugger {
    ptrace(PT_DENY_ATTACH, 0, 0, 0);
}

- (NSData *)encryptCardDetails:(NSData *)details {
    size_t moved = 0;
    NSMutableData *out = [NSMutableData dataWithLength:details.length + kCCBlockSizeAES128];
    CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, "acme-wallet-card-key-2019-v1!!!!", kCCKeySizeAES256, NULL,
            details.bytes, details.length, out.mutableBytes, out.length, &moved);
    return out;
}

- (SecKeyRef)makeDeviceSigningKey {
    NSDictionary *attributes = @{
        (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeRSA,
        (__bridge id)kSecAttrKeySizeInBits: @1024,
    };
    return SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
}

- (NSURL *)legacyLoginURLForUser:(NSString *)user password:(NSString *)password {
    NSString *url = [NSString stringWithFormat:@"https://legacy.acmewallet.com/api/login?user=%@&password=%@", user, password];
    return [NSURL URLWithString:url];
}

- (void)showLegacyReceiptFor:(WKWebView *)receiptView {
    NSString *html = [NSString stringWithFormat:@"<h2>Receipt for %@</h2>", self.payeeField.text];
    [receiptView loadHTMLString:html baseURL:nil];
}

- (void)rememberCardFor:(NSManagedObjectContext *)context {
    NSManagedObject *card = [NSEntityDescription insertNewObjectForEntityForName:@"Card" inManagedObjectContext:context];
    [card setValue:self.cardNumber forKey:@"cardNumber"];
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
    [self payInvoiceWithReference:[url query]];
    return YES;
}

- (void)reloadStatements {
    NSLog(@"statements reloaded: %lu", (unsigned long)self.statements.count);
}

- (NSData *)pinKeyFor:(NSString *)pin salt:(NSData *)salt {
    NSMutableData *key = [NSMutableData dataWithLength:kCCKeySizeAES256];
    CCKeyDerivationPBKDF(kCCPBKDF2, pin.UTF8String, strlen(pin.UTF8String), salt.bytes, salt.length,
                         kCCPRFHmacAlgSHA1, 10000, key.mutableBytes, key.length);
    return key;
}

- (void)showStatement:(NSURL *)statementURL in:(WKWebView *)webView {
    webView.configuration.preferences.javaScriptEnabled = YES;
    [webView.configuration.preferences setValue:@YES forKey:@"allowFileAccessFromFileURLs"];
    [webView loadFileURL:statementURL allowingReadAccessToURL:[NSURL fileURLWithPath:NSHomeDirectory()]];
}

- (void)showPINEntry {
    self.pinField.secureTextEntry = NO;
}

- (void)reportLegacyLogin {
    [[Crashlytics sharedInstance] setUserEmail:self.email];
}

- (void)showLegacyBanner:(NSString *)bannerText {
    NSLog(bannerText);
}

- (WKWebView *)makeStatementWebView {
    return [[WKWebView alloc] initWithFrame:CGRectZero];
}

- (UIView *)makeTermsView {
    return [[UIWebView alloc] initWithFrame:CGRectZero];
}

- (NSURLSessionConfiguration *)gatewayConfiguration {
    NSURLSessionConfiguration *configuration = [NSURLSessionConfiguration ephemeralSessionConfiguration];
    // The card terminal gateway's load balancer drops TLS 1.3 handshakes.
    configuration.TLSMaximumSupportedProtocolVersion = tls_protocol_version_TLSv12;
    return configuration;
}

- (void)allowStatementCharts:(WKWebpagePreferences *)preferences {
    preferences.lockdownModeEnabled = NO;
}

@end
