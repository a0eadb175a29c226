//
//  CPPrivacyPolicyViewController.m
//  CarePoint
//
//  Created by Priya Raman on 5/24/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPPrivacyPolicyViewController.h"
#import <WebKit/WebKit.h>
#import <SafariServices/SafariServices.h>

@interface CPPrivacyPolicyViewController () <WKNavigationDelegate>
@property (nonatomic, strong) WKWebView *webView;
@property (nonatomic, strong) NSURL *legalDirectoryURL;
@end

@implementation CPPrivacyPolicyViewController

- (void)loadView {
    WKWebViewConfiguration *configuration = [[WKWebViewConfiguration alloc] init];
    configuration.websiteDataStore = [WKWebsiteDataStore nonPersistentDataStore];
    configuration.dataDetectorTypes = WKDataDetectorTypeNone;
    if (@available(iOS 14.0, *)) {
        configuration.defaultWebpagePreferences.allowsContentJavaScript = NO;
    }

    self.webView = [[WKWebView alloc] initWithFrame:CGRectZero configuration:configuration];
    self.webView.navigationDelegate = self;
    self.webView.allowsLinkPreview = NO;
    self.view = self.webView;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"privacy.title", nil);

    NSURL *policyURL = [[NSBundle mainBundle] URLForResource:@"privacy" withExtension:@"html" subdirectory:@"Legal"];
    if (policyURL == nil) {
        NSLog(@"CPPrivacyPolicy: bundled policy missing");
        return;
    }
    self.legalDirectoryURL = [policyURL URLByDeletingLastPathComponent];
    [self.webView loadFileURL:policyURL allowingReadAccessToURL:self.legalDirectoryURL];
}

#pragma mark - WKNavigationDelegate

- (void)webView:(WKWebView *)webView
decidePolicyForNavigationAction:(WKNavigationAction *)navigationAction
decisionHandler:(void (^)(WKNavigationActionPolicy))decisionHandler {
    NSURL *url = navigationAction.request.URL;

    if (url.isFileURL) {
        NSString *legalPath = self.legalDirectoryURL.URLByStandardizingPath.path;
        NSString *requested = url.URLByStandardizingPath.path;
        BOOL insideBundle = legalPath.length > 0 && [requested hasPrefix:[legalPath stringByAppendingString:@"/"]];
        decisionHandler(insideBundle ? WKNavigationActionPolicyAllow : WKNavigationActionPolicyCancel);
        return;
    }

    if ([url.scheme.lowercaseString isEqualToString:@"https"] && navigationAction.navigationType == WKNavigationTypeLinkActivated) {
        SFSafariViewController *safari = [[SFSafariViewController alloc] initWithURL:url];
        [self presentViewController:safari animated:YES completion:nil];
    }
    decisionHandler(WKNavigationActionPolicyCancel);
}

- (void)webView:(WKWebView *)webView didFailProvisionalNavigation:(WKNavigation *)navigation withError:(NSError *)error {
    NSLog(@"CPPrivacyPolicy: load failed (%ld)", (long)error.code);
}

@end
