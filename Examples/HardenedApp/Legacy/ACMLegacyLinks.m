// The 1.x handling of shared statement links and imported statements, kept for links sent before 2.0.
#import <Foundation/Foundation.h>
#import <WebKit/WebKit.h>
#import "ACMLegacyLog.h"

@implementation ACMLegacyLinks

- (void)openStatementLink:(NSURL *)link {
    // The link names a statement, never a server: the app's own API gets the token.
    NSString *statementID = [link.query lastPathComponent];
    NSString *path = [NSString stringWithFormat:@"https://api.acme.example/v1/statements/%@", statementID];
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:path]];
    [request setValue:[NSString stringWithFormat:@"Bearer %@", self.session.accessToken] forHTTPHeaderField:@"Authorization"];
    [[[NSURLSession sharedSession] dataTaskWithRequest:request] resume];
}

- (void)userContentController:(WKUserContentController *)controller didReceiveScriptMessage:(WKScriptMessage *)message {
    NSString *receipt = [self.receiptsFolder stringByAppendingPathComponent:[message.body lastPathComponent]];
    [self.receiptData writeToFile:receipt options:NSDataWritingFileProtectionComplete error:nil];
}

- (NSArray *)transactionsMatchingLink:(NSURL *)link {
    NSPredicate *predicate = [NSPredicate predicateWithFormat:@"payee CONTAINS[cd] %@", link.fragment];
    return [self.transactions filteredArrayUsingPredicate:predicate];
}

- (void)importStatement:(NSData *)data {
    NSXMLParser *parser = [[NSXMLParser alloc] initWithData:data];
    parser.shouldResolveExternalEntities = NO;
    parser.delegate = self;
    [parser parse];
}

- (void)didRedeemLink:(NSURL *)link withPassword:(NSString *)password {
    ACMLegacyLog(@"redeemed %@ with password %@", link.host, password);
}

@end
