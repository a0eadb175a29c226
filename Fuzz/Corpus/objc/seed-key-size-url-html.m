// Seeds for crypto.weak-key-size, network.secret-in-url and platform.webview-html-injection.
@implementation Seeds
- (SecKeyRef)key {
    NSDictionary *a = @{ (id)kSecAttrKeyType: (id)kSecAttrKeyTypeRSA, (id)kSecAttrKeySizeInBits: @(1024), };
    NSMutableDictionary *m = [NSMutableDictionary dictionary];
    [m setObject:[NSNumber numberWithInt:512] forKey:(id)kSecAttrKeySizeInBits];
    return SecKeyCreateRandomKey((__bridge CFDictionaryRef)a, NULL);
}
- (NSURL *)url:(NSString *)u {
    NSString *s = [NSString stringWithFormat:@"https://h/login?user=%@&pass=%%%ld&password=%@", u, 3L, self.passwordField.text];
    return [NSURL URLWithString:s];
}
- (void)html {
    NSString *h = [NSString stringWithFormat:@"<p>%@</p>", self.nameField.text];
    [self.webView loadHTMLString:h baseURL:nil];
    [self.webView evaluateJavaScript:[@"f('" stringByAppendingFormat:@"%@')", [self.searchBar text]] completionHandler:nil];
}
@end
