//
//  CPLoginViewController.m
//  CarePoint
//
//  Created by Dana Whitfield on 3/15/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#import "CPLoginViewController.h"
#import "CPSessionManager.h"
#import "CPBiometricGate.h"
#import "CPKeychain.h"
#import "CPPrivacyPolicyViewController.h"

@interface CPLoginViewController () <UITextFieldDelegate>
@property (nonatomic, strong) UITextField *usernameField;
@property (nonatomic, strong) UITextField *passwordField;
@property (nonatomic, strong) UISwitch *rememberSwitch;
@property (nonatomic, strong) UIButton *loginButton;
@property (nonatomic, strong) UIButton *biometricButton;
@property (nonatomic, strong) UILabel *messageLabel;
@property (nonatomic, strong) UIActivityIndicatorView *spinner;
@end

@implementation CPLoginViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"login.title", nil);
    self.view.backgroundColor = [UIColor systemBackgroundColor];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:NSLocalizedString(@"privacy.title", nil)
                                                                              style:UIBarButtonItemStylePlain
                                                                             target:self
                                                                             action:@selector(showPrivacyPolicy)];
    [self buildForm];
    [self restoreRememberedUsername];
    [self showPasswordRulesNoticeIfNeeded];
}

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    if ([[NSUserDefaults standardUserDefaults] boolForKey:kCPDefaultsBiometricsEnabled] && [CPBiometricGate isBiometryAvailable]) {
        [self biometricLoginTapped];
    }
}

#pragma mark - UI

- (void)buildForm {
    self.usernameField = [[UITextField alloc] init];
    self.usernameField.placeholder = NSLocalizedString(@"login.username", nil);
    self.usernameField.textContentType = UITextContentTypeUsername;
    self.usernameField.autocapitalizationType = UITextAutocapitalizationTypeNone;
    self.usernameField.autocorrectionType = UITextAutocorrectionTypeNo;
    self.usernameField.returnKeyType = UIReturnKeyNext;
    self.usernameField.borderStyle = UITextBorderStyleRoundedRect;
    self.usernameField.delegate = self;

    self.passwordField = [[UITextField alloc] init];
    self.passwordField.placeholder = NSLocalizedString(@"login.password", nil);
    self.passwordField.secureTextEntry = YES;
    self.passwordField.textContentType = UITextContentTypePassword;
    self.passwordField.returnKeyType = UIReturnKeyGo;
    self.passwordField.borderStyle = UITextBorderStyleRoundedRect;
    self.passwordField.delegate = self;

    UILabel *rememberLabel = [[UILabel alloc] init];
    rememberLabel.text = NSLocalizedString(@"login.remember", nil);
    self.rememberSwitch = [[UISwitch alloc] init];
    self.rememberSwitch.on = [[NSUserDefaults standardUserDefaults] boolForKey:kCPDefaultsRememberUsername];
    UIStackView *rememberRow = [[UIStackView alloc] initWithArrangedSubviews:@[rememberLabel, self.rememberSwitch]];

    self.loginButton = [UIButton buttonWithType:UIButtonTypeSystem];
    [self.loginButton setTitle:NSLocalizedString(@"login.button", nil) forState:UIControlStateNormal];
    [self.loginButton addTarget:self action:@selector(loginTapped) forControlEvents:UIControlEventTouchUpInside];

    self.biometricButton = [UIButton buttonWithType:UIButtonTypeSystem];
    NSString *biometricTitle = [NSString stringWithFormat:NSLocalizedString(@"login.biometric", nil), [CPBiometricGate localizedBiometryName]];
    [self.biometricButton setTitle:biometricTitle forState:UIControlStateNormal];
    [self.biometricButton addTarget:self action:@selector(biometricLoginTapped) forControlEvents:UIControlEventTouchUpInside];
    self.biometricButton.hidden = ![[NSUserDefaults standardUserDefaults] boolForKey:kCPDefaultsBiometricsEnabled];

    self.messageLabel = [[UILabel alloc] init];
    self.messageLabel.numberOfLines = 0;
    self.messageLabel.textColor = [UIColor systemRedColor];
    self.messageLabel.font = [UIFont preferredFontForTextStyle:UIFontTextStyleFootnote];

    self.spinner = [[UIActivityIndicatorView alloc] initWithActivityIndicatorStyle:UIActivityIndicatorViewStyleMedium];
    self.spinner.hidesWhenStopped = YES;

    UIStackView *stack = [[UIStackView alloc] initWithArrangedSubviews:@[self.usernameField, self.passwordField, rememberRow,
                                                                        self.loginButton, self.biometricButton,
                                                                        self.spinner, self.messageLabel]];
    stack.axis = UILayoutConstraintAxisVertical;
    stack.spacing = 14.0;
    stack.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:stack];

    UILayoutGuide *guide = self.view.safeAreaLayoutGuide;
    [NSLayoutConstraint activateConstraints:@[
        [stack.leadingAnchor constraintEqualToAnchor:guide.leadingAnchor constant:24.0],
        [stack.trailingAnchor constraintEqualToAnchor:guide.trailingAnchor constant:-24.0],
        [stack.topAnchor constraintEqualToAnchor:guide.topAnchor constant:48.0],
    ]];
}

- (void)restoreRememberedUsername {
    if ([[NSUserDefaults standardUserDefaults] boolForKey:kCPDefaultsRememberUsername]) {
        self.usernameField.text = [[CPKeychain sharedKeychain] stringForAccount:kCPKeychainAccountUsername result:NULL];
    }
}

- (void)showPasswordRulesNoticeIfNeeded {
    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    if ([defaults integerForKey:kCPDefaultsPasswordRulesVersion] < kCPPasswordRulesVersion) {
        self.messageLabel.textColor = [UIColor secondaryLabelColor];
        self.messageLabel.text = NSLocalizedString(@"login.rules.updated", nil);
    }
}

- (void)showPrivacyPolicy {
    [self.navigationController pushViewController:[[CPPrivacyPolicyViewController alloc] init] animated:YES];
}

#pragma mark - UITextFieldDelegate

- (BOOL)textFieldShouldReturn:(UITextField *)textField {
    if (textField == self.usernameField) {
        [self.passwordField becomeFirstResponder];
    } else {
        [self loginTapped];
    }
    return NO;
}

#pragma mark - Actions

- (void)setBusy:(BOOL)busy {
    self.loginButton.enabled = !busy;
    self.biometricButton.enabled = !busy;
    busy ? [self.spinner startAnimating] : [self.spinner stopAnimating];
}

- (void)loginTapped {
    NSString *username = [self.usernameField.text stringByTrimmingCharactersInSet:[NSCharacterSet whitespaceCharacterSet]];
    NSString *password = self.passwordField.text ?: @"";

    if (username.length == 0) {
        [self.usernameField becomeFirstResponder];
        return;
    }
    if (password.length < kCPPasswordMinLength) {
        self.messageLabel.textColor = [UIColor systemRedColor];
        self.messageLabel.text = [NSString stringWithFormat:NSLocalizedString(@"login.error.password.short", nil), (long)kCPPasswordMinLength];
        return;
    }

    CPLog(@"Signing in %@ (password length %lu)", username, (unsigned long)password.length);
    [self setBusy:YES];
    [[CPSessionManager sharedManager] loginWithUsername:username password:password completion:^(BOOL success, NSError *error) {
        [self setBusy:NO];
        if (!success) {
            self.passwordField.text = nil;
            self.messageLabel.textColor = [UIColor systemRedColor];
            self.messageLabel.text = NSLocalizedString(@"login.error.generic", nil);
            return;
        }
        [self persistLoginPreferencesForUsername:username];
        [self offerBiometricEnrollmentForUsername:username password:password];
    }];
}

- (void)persistLoginPreferencesForUsername:(NSString *)username {
    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    [defaults setBool:self.rememberSwitch.isOn forKey:kCPDefaultsRememberUsername];
    if (self.rememberSwitch.isOn) {
        [[CPKeychain sharedKeychain] setString:username forAccount:kCPKeychainAccountUsername];
    } else {
        [[CPKeychain sharedKeychain] removeDataForAccount:kCPKeychainAccountUsername];
    }
    [defaults setInteger:kCPPasswordRulesVersion forKey:kCPDefaultsPasswordRulesVersion];
}

- (void)offerBiometricEnrollmentForUsername:(NSString *)username password:(NSString *)password {
    NSUserDefaults *defaults = [NSUserDefaults standardUserDefaults];
    if ([defaults boolForKey:kCPDefaultsBiometricsEnabled] || ![CPBiometricGate isBiometryAvailable]) {
        [self.delegate loginViewControllerDidAuthenticate:self];
        return;
    }

    NSString *name = [CPBiometricGate localizedBiometryName];
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:[NSString stringWithFormat:NSLocalizedString(@"biometric.enable.title", nil), name]
                                                                   message:NSLocalizedString(@"biometric.enable.message", nil)
                                                            preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"common.notnow", nil)
                                              style:UIAlertActionStyleCancel
                                            handler:^(UIAlertAction *action) {
        [self.delegate loginViewControllerDidAuthenticate:self];
    }]];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"common.ok", nil)
                                              style:UIAlertActionStyleDefault
                                            handler:^(UIAlertAction *action) {
        NSError *error = nil;
        if ([[[CPBiometricGate alloc] init] storeUsername:username password:password error:&error]) {
            [defaults setBool:YES forKey:kCPDefaultsBiometricsEnabled];
        } else {
            NSLog(@"CPLogin: biometric enrollment failed (%ld)", (long)error.code);
        }
        [self.delegate loginViewControllerDidAuthenticate:self];
    }]];
    [self presentViewController:alert animated:YES completion:nil];
}

- (void)biometricLoginTapped {
    [self setBusy:YES];
    [[CPSessionManager sharedManager] loginWithBiometricsReason:NSLocalizedString(@"biometric.reason", nil)
                                                     completion:^(BOOL success, NSError *error) {
        [self setBusy:NO];
        if (success) {
            [self.delegate loginViewControllerDidAuthenticate:self];
        } else if ([error.domain isEqualToString:LAErrorDomain] && error.code == LAErrorBiometryNotEnrolled) {
            // Enrolment changed (BiometryCurrentSet invalidated the item) -- fall back to password.
            [[[CPBiometricGate alloc] init] removeStoredCredentials];
            self.biometricButton.hidden = YES;
        }
    }];
}

@end
