// The 1.x handling of shared statement links and imported statements, kept for links sent before 2.0.
#import <Foundation/Foundation.h>
#import <WebKit/WebKit.h>
#import "ACMLegacyLog.h"

@implementation ACMLegacyLinks

- (void)openStatementLink:(NSURL *)link {
    NSString *server = [link.query stringByRemovingPercentEncoding];
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:server]];
    [request setValue:[NSString stringWithFormat:@"Bearer %@", self.session.accessToken] forHTTPHeaderField:@"Authorization"];
    [[[NSURLSession sharedSession] dataTaskWithRequest:request] resume];
}

- (void)userContentController:(WKUserContentController *)controller didReceiveScriptMessage:(WKScriptMessage *)message {
    NSString *receipt = [self.receiptsFolder stringByAppendingPathComponent:message.body];
    [self.receiptData writeToFile:receipt atomically:YES];
}

- (NSArray *)transactionsMatchingLink:(NSURL *)link {
    NSString *format = [NSString stringWithFormat:@"payee CONTAINS[cd] '%@'", link.fragment];
    return [self.transactions filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:format]];
}

- (void)importStatement:(NSData *)data {
    NSXMLParser *parser = [[NSXMLParser alloc] initWithData:data];
    parser.shouldResolveExternalEntities = YES;
    parser.delegate = self;
    [parser parse];
}

- (void)didRedeemLink:(NSURL *)link withPassword:(NSString *)password {
    ACMLegacyLog(@"redeemed %@ with password %@", link.host, password);
}

@end
