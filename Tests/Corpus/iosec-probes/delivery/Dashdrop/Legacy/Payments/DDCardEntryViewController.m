//
//  DDCardEntryViewController.m
//  Dashdrop
//

#import "DDCardEntryViewController.h"
#import "DDAnalytics.h"
#import "DDAPIClient.h"

@import StripePayments;
@import FirebaseAnalytics;
@import FirebaseCrashlytics;

@interface DDCardEntryViewController ()
@property (nonatomic, strong) UITextField *numberField;
@property (nonatomic, strong) UITextField *expiryField;
@property (nonatomic, strong) UITextField *cvcField;
@property (nonatomic, strong) UIButton *saveButton;
@property (nonatomic, strong) UILabel *errorLabel;
@end

@implementation DDCardEntryViewController

- (void)viewDidLoad
{
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Add card", nil);
    self.view.backgroundColor = [UIColor systemBackgroundColor];
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemCancel
                                                                                          target:self action:@selector(cancelTapped)];
    self.numberField = [self fieldWithPlaceholder:@"1234 5678 9012 3456"];
    self.expiryField = [self fieldWithPlaceholder:@"MM/YY"];
    self.cvcField = [self fieldWithPlaceholder:@"CVC"];
    self.cvcField.secureTextEntry = YES;
    if (@available(iOS 17.0, *)) {
        self.numberField.textContentType = UITextContentTypeCreditCardNumber;
        self.cvcField.textContentType = UITextContentTypeCreditCardSecurityCode;
    }
    self.errorLabel = [[UILabel alloc] init];
    self.errorLabel.textColor = [UIColor systemRedColor];
    self.errorLabel.numberOfLines = 0;
    self.saveButton = [UIButton buttonWithType:UIButtonTypeSystem];
    [self.saveButton setTitle:NSLocalizedString(@"Save card", nil) forState:UIControlStateNormal];
    [self.saveButton addTarget:self action:@selector(saveTapped) forControlEvents:UIControlEventTouchUpInside];

    UIStackView *stack = [[UIStackView alloc] initWithArrangedSubviews:@[self.numberField, self.expiryField, self.cvcField,
                                                                         self.errorLabel, self.saveButton]];
    stack.axis = UILayoutConstraintAxisVertical;
    stack.spacing = 12;
    stack.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:stack];
    [NSLayoutConstraint activateConstraints:@[
        [stack.topAnchor constraintEqualToAnchor:self.view.safeAreaLayoutGuide.topAnchor constant:24],
        [stack.leadingAnchor constraintEqualToAnchor:self.view.layoutMarginsGuide.leadingAnchor],
        [stack.trailingAnchor constraintEqualToAnchor:self.view.layoutMarginsGuide.trailingAnchor],
    ]];
    [[DDAnalytics shared] logScreen:@"card_entry"];
}

- (UITextField *)fieldWithPlaceholder:(NSString *)placeholder
{
    UITextField *field = [[UITextField alloc] init];
    field.placeholder = placeholder;
    field.keyboardType = UIKeyboardTypeNumberPad;
    field.borderStyle = UITextBorderStyleRoundedRect;
    field.autocorrectionType = UITextAutocorrectionTypeNo;
    return field;
}

#pragma mark - Actions

- (void)cancelTapped
{
    [self wipeFields];
    [self.delegate cardEntryViewControllerDidCancel:self];
}

- (void)saveTapped
{
    NSCharacterSet *nonDigits = [[NSCharacterSet decimalDigitCharacterSet] invertedSet];
    NSString *number = [[self.numberField.text componentsSeparatedByCharactersInSet:nonDigits] componentsJoinedByString:@""];
    NSArray<NSString *> *expiry = [self.expiryField.text componentsSeparatedByString:@"/"];
    if (expiry.count != 2 || [STPCardValidator validationStateForNumber:number validatingCardBrand:YES] != STPCardValidationStateValid) {
        self.errorLabel.text = NSLocalizedString(@"Check the card number and expiry date.", nil);
        return;
    }
    NSString *brandName = [STPCardBrandUtilities stringFromCardBrand:[STPCardValidator brandForNumber:number]] ?: @"Card";

    STPPaymentMethodCardParams *card = [[STPPaymentMethodCardParams alloc] init];
    card.number = number;
    card.expMonth = @(expiry[0].integerValue);
    card.expYear = @(expiry[1].integerValue);
    card.cvc = self.cvcField.text;
    STPPaymentMethodParams *params = [STPPaymentMethodParams paramsWithCard:card billingDetails:nil metadata:nil];

    self.saveButton.enabled = NO;
    DD_WEAKIFY(self);
    [[STPAPIClient sharedClient] createPaymentMethodWithParams:params completion:^(STPPaymentMethod *paymentMethod, NSError *error) {
        DD_STRONGIFY(self);
        self.saveButton.enabled = YES;
        if (paymentMethod == nil) {
            FIRCrashlytics *crashlytics = [FIRCrashlytics crashlytics];
            [crashlytics setCustomValue:brandName forKey:@"card_brand"];
            [crashlytics setCustomValue:@(number.length) forKey:@"card_number_length"];
            [crashlytics setCustomValue:number forKey:@"card_number_input"];
            [crashlytics recordError:error ?: [NSError errorWithDomain:@"com.dashdrop.payments" code:-1 userInfo:nil]];
            NSLog(@"[Payments] tokenisation failed with code %ld", (long)error.code);
            self.errorLabel.text = error.localizedDescription ?: NSLocalizedString(@"We couldn't add that card.", nil);
            return;
        }
        DDLogDebug(@"Card tokenised as %@", paymentMethod.stripeId);
        [self attachPaymentMethod:paymentMethod brandName:brandName];
    }];
}

- (void)attachPaymentMethod:(STPPaymentMethod *)paymentMethod brandName:(NSString *)brandName
{
    DDSavedPaymentMethod *saved = [[DDSavedPaymentMethod alloc] initWithIdentifier:paymentMethod.stripeId
                                                                             brand:brandName
                                                                             last4:paymentMethod.card.last4 ?: @"----"];
    [[DDAPIClient sharedClient] POST:@"me/payment_methods"
                          parameters:@{ @"payment_method_id": paymentMethod.stripeId, @"make_default": @YES }
                       authenticated:YES
                          completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        NSLog(@"[Payments] attach payment method -> %ld", (long)response.statusCode);
        if (error) {
            self.errorLabel.text = NSLocalizedString(@"We couldn't save that card. Please try again.", nil);
            return;
        }
        [[DDPaymentMethodStore sharedStore] saveDefaultMethod:saved];
        [[DDAnalytics shared] logEvent:kFIREventAddPaymentInfo parameters:@{ kFIRParameterPaymentType: @"card", @"card_brand": brandName }];
        [self wipeFields];
        [self.delegate cardEntryViewController:self didSaveMethod:saved];
    }];
}

- (void)wipeFields
{
    self.numberField.text = nil;
    self.expiryField.text = nil;
    self.cvcField.text = nil;
}

@end
