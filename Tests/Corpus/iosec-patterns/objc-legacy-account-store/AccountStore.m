#import "AccountStore.h"
#import <sqlite3.h>

@implementation AccountStore

- (IBAction)rememberLogin:(id)sender {
    NSMutableDictionary *account = [[NSMutableDictionary alloc] init];
    [account setObject:self.usernameField.text forKey:@"username"];
    [account setObject:self.passwordField.text forKey:@"password"];
    [account writeToFile:[self accountPath] atomically:YES];
}

- (void)exportProfile {
    NSString *docs = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
    NSString *path = [docs stringByAppendingPathComponent:@"credentials.plist"];
    [self.profile writeToFile:path atomically:YES];
}

- (void)saveSettings {
    NSMutableDictionary *settings = [NSMutableDictionary dictionary];
    [settings setObject:self.themeName forKey:@"theme"];
    [settings writeToFile:[self settingsPath] atomically:YES];
}

- (void)insertUser {
    NSString *sql = [NSString stringWithFormat:@"INSERT INTO users VALUES ('%@', '%@')",
                     self.usernameField.text, self.pinField.text];
    sqlite3_exec(self.db, [sql UTF8String], NULL, NULL, NULL);
}

- (void)storeCard:(NSManagedObjectContext *)context {
    NSManagedObject *card = [NSEntityDescription insertNewObjectForEntityForName:@"Card" inManagedObjectContext:context];
    [card setValue:self.holderField.text forKey:@"holder"];
    [card setValue:self.cvvField.text forKey:@"cvv"];
}

- (void)saveToken:(NSData *)token {
    NSDictionary *item = @{
        (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
        (__bridge id)kSecAttrAccount: @"session",
        (__bridge id)kSecValueData: token,
    };
    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
}

- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
    [self transferFunds:[url query]];
    return YES;
}

- (void)viewDidLoad {
    self.passwordField.secureTextEntry = NO;
}

@end
