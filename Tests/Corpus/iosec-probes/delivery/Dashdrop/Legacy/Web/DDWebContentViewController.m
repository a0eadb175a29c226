//
//  DDWebContentViewController.m
//  Dashdrop
//

#import "DDWebContentViewController.h"
#import "DDAnalytics.h"
#import "DDSessionManager.h"
#import <WebKit/WebKit.h>

@interface DDWebContentViewController () <WKNavigationDelegate, WKScriptMessageHandler>
@property (nonatomic, strong) NSURL *URL;
@property (nonatomic, strong) WKWebView *webView;
@end

@implementation DDWebContentViewController

- (instancetype)initWithURL:(NSURL *)URL title:(nullable NSString *)title
{
    if ((self = [super initWithNibName:nil bundle:nil])) {
        _URL = URL;
        self.title = title;
        self.hidesBottomBarWhenPushed = YES;
    }
    return self;
}

- (void)loadView
{
    WKWebViewConfiguration *configuration = [[WKWebViewConfiguration alloc] init];
    configuration.defaultWebpagePreferences.allowsContentJavaScript = YES;
    NSString *bootstrap = [NSString stringWithFormat:@"window.Dashdrop = { platform: 'ios', loggedIn: %@ };",
                           [DDSessionManager sharedManager].isLoggedIn ? @"true" : @"false"];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:bootstrap
                                                                              injectionTime:WKUserScriptInjectionTimeAtDocumentStart
                                                                           forMainFrameOnly:YES]];
    [configuration.userContentController addScriptMessageHandler:self name:@"dashdrop"];
    self.webView = [[WKWebView alloc] initWithFrame:CGRectZero configuration:configuration];
    self.webView.navigationDelegate = self;
    self.view = self.webView;
}

- (void)viewDidLoad
{
    [super viewDidLoad];
    [self.webView loadRequest:[NSURLRequest requestWithURL:self.URL]];
    [[DDAnalytics shared] logEvent:@"web_content_opened" parameters:@{ @"host": self.URL.host ?: @"unknown" }];
}

- (void)viewDidDisappear:(BOOL)animated
{
    [super viewDidDisappear:animated];
    if (self.isMovingFromParentViewController) {
        [self.webView.configuration.userContentController removeScriptMessageHandlerForName:@"dashdrop"];
    }
}

- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:(WKNavigationAction *)navigationAction
decisionHandler:(void (^)(WKNavigationActionPolicy))decisionHandler
{
    NSString *scheme = navigationAction.request.URL.scheme.lowercaseString;
    if ([scheme isEqualToString:@"mailto"] || [scheme isEqualToString:@"tel"]) {
        [[UIApplication sharedApplication] openURL:navigationAction.request.URL options:@{} completionHandler:nil];
        decisionHandler(WKNavigationActionPolicyCancel);
        return;
    }
    decisionHandler([scheme isEqualToString:@"https"] ? WKNavigationActionPolicyAllow : WKNavigationActionPolicyCancel);
}

- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message
{
    NSDictionary *body = [message.body isKindOfClass:[NSDictionary class]] ? message.body : nil;
    NSString *action = DD_STRING(body[@"action"]);
    if ([action isEqualToString:@"close"]) {
        [self.navigationController popViewControllerAnimated:YES];
    } else if ([action isEqualToString:@"applyPromo"] && DD_STRING(body[@"code"]).length > 0) {
        [[NSNotificationCenter defaultCenter] postNotificationName:DDCartDidChangeNotification object:self
                                                          userInfo:@{ @"promo_code": [DD_STRING(body[@"code"]) uppercaseString] }];
    } else if ([action isEqualToString:@"share"]) {
        UIActivityViewController *share = [[UIActivityViewController alloc] initWithActivityItems:@[self.URL] applicationActivities:nil];
        [self presentViewController:share animated:YES completion:nil];
    }
}

@end
