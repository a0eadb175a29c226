//
//  DDMenuWebViewController.m
//  Dashdrop
//

#import "DDMenuWebViewController.h"
#import "DDAnalytics.h"
#import <WebKit/WebKit.h>
#import <SafariServices/SafariServices.h>

@interface DDMenuWebViewController () <WKNavigationDelegate, WKScriptMessageHandler>
@property (nonatomic, copy) NSString *restaurantIdentifier;
@property (nonatomic, strong) WKWebView *webView;
@end

@implementation DDMenuWebViewController

- (instancetype)initWithRestaurantIdentifier:(NSString *)restaurantIdentifier
{
    if ((self = [super initWithNibName:nil bundle:nil])) {
        _restaurantIdentifier = [restaurantIdentifier copy];
    }
    return self;
}

- (void)loadView
{
    WKWebViewConfiguration *configuration = [[WKWebViewConfiguration alloc] init];
    configuration.defaultWebpagePreferences.allowsContentJavaScript = YES;
    configuration.preferences.javaScriptCanOpenWindowsAutomatically = NO;
    NSString *config = [NSString stringWithFormat:@"window.DashdropMenuConfig = { restaurant: '%@', embedded: true };",
                        self.restaurantIdentifier];
    [configuration.userContentController addUserScript:[[WKUserScript alloc] initWithSource:config
                                                                              injectionTime:WKUserScriptInjectionTimeAtDocumentStart
                                                                           forMainFrameOnly:YES]];
    [configuration.userContentController addScriptMessageHandler:self name:@"cart"];
    self.webView = [[WKWebView alloc] initWithFrame:CGRectZero configuration:configuration];
    self.webView.navigationDelegate = self;
    self.view = self.webView;
}

- (void)viewDidLoad
{
    [super viewDidLoad];
    NSURL *menuURL = [NSURL URLWithString:[DDMenuBaseURLString stringByAppendingString:self.restaurantIdentifier]];
    [self.webView loadRequest:[NSURLRequest requestWithURL:menuURL]];
    [[DDAnalytics shared] logEvent:@"restaurant_viewed" parameters:@{ @"restaurant_id": self.restaurantIdentifier }];
}

- (void)viewDidDisappear:(BOOL)animated
{
    [super viewDidDisappear:animated];
    if (self.isMovingFromParentViewController) {
        [self.webView.configuration.userContentController removeScriptMessageHandlerForName:@"cart"];
    }
}

- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:(WKNavigationAction *)navigationAction
decisionHandler:(void (^)(WKNavigationActionPolicy))decisionHandler
{
    NSURL *url = navigationAction.request.URL;
    BOOL https = [url.scheme.lowercaseString isEqualToString:@"https"];
    if (https && [url.host.lowercaseString isEqualToString:DDMenuHost]) {
        decisionHandler(WKNavigationActionPolicyAllow);
        return;
    }
    // Allergen PDFs, restaurant websites etc. open outside the widget.
    if (https && navigationAction.navigationType == WKNavigationTypeLinkActivated) {
        [self presentViewController:[[SFSafariViewController alloc] initWithURL:url] animated:YES completion:nil];
    }
    decisionHandler(WKNavigationActionPolicyCancel);
}

- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message
{
    WKSecurityOrigin *origin = message.frameInfo.securityOrigin;
    if (!message.frameInfo.isMainFrame || ![origin.protocol isEqualToString:@"https"] || ![origin.host isEqualToString:DDMenuHost]) {
        DDLogError("Rejected menu bridge message from %{public}@", origin.host);
        return;
    }
    NSDictionary *body = [message.body isKindOfClass:[NSDictionary class]] ? message.body : nil;
    NSString *itemID = DD_STRING(body[@"item_id"]);
    NSInteger quantity = [DD_NUMBER(body[@"quantity"]) integerValue];
    if (itemID.length == 0 || quantity <= 0 || quantity > 50) {
        return;
    }
    DDLogInfo("Menu widget added item %{public}@ x%ld", itemID, (long)quantity);
    NSDictionary *info = @{ @"item_id": itemID, @"quantity": @(quantity), @"restaurant_id": self.restaurantIdentifier };
    [[DDAnalytics shared] logEvent:@"add_to_cart" parameters:info];
    [[NSNotificationCenter defaultCenter] postNotificationName:DDCartDidChangeNotification object:self userInfo:info];
}

@end
