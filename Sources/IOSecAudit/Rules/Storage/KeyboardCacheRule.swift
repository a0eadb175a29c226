import IOSecCore

/// `storage.keyboard-cache`: a storyboard or XIB text field for a password, PIN, card number or one-time code
/// without secure entry. SwiftUI and alert text fields are matched by `KeyboardCacheSwiftMatcher`.
struct KeyboardCacheRule: ArtifactRule {
    static let description = RuleDescription(
        id: "storage.keyboard-cache",
        title: "Secret typed into a field without secure entry",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-STORAGE-2",
        cwe: 524,
        owasp: OWASPReference(
            "MASWE-0036", beta: "MASWE-0053",
            mastg: ["MASTG-TEST-0313", "MASTG-TEST-0314", "MASTG-TEST-0346", "MASTG-TEST-0347"], .exact),
        outsideChecklist: "the keyboard cache has no item of its own",
        rationale: """
            A text field without secure entry shows what is typed, offers it to autocorrection and the keyboard's \
            learned-words cache, may send it to third-party keyboards, and keeps it visible in the app-switcher \
            snapshot. For a password, PIN, card number or security code that is a leak outside the app's control. \
            Secure entry hides the text, turns autocorrection and the cache off and blocks third-party keyboards.
            """,
        fix:
            "Tick Secure Text Entry for the field in Interface Builder (or set isSecureTextEntry = true) and set its content type to .password / .newPassword so AutoFill works.",
        fixExample: """
            <textField placeholder="Password" id="pw1-xy-123">
                <textInputTraits key="textInputTraits" autocorrectionType="no" secureTextEntry="YES" textContentType="password"/>
            </textField>
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    ↓self.passwordField.secureTextEntry = NO;
                    ↓[self.pinField setSecureTextEntry:NO];
                }
                """, path: "App/LoginViewController.m"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <viewController id="vc1" customClass="LoginViewController">
                                    <view key="view" id="v1">
                                        <subviews>
                                            <textField placeholder="Username" id="u1-aa-001">
                                                <textInputTraits key="textInputTraits" autocorrectionType="no"/>
                                            </textField>
                                            ↓<textField placeholder="Password" id="p1-aa-002">
                                                <textInputTraits key="textInputTraits"/>
                                            </textField>
                                        </subviews>
                                    </view>
                                </viewController>
                            </objects>
                        </scene>
                    </scenes>
                </document>
                """, path: "App/Base.lproj/Main.storyboard"),
            // A secure password field does not make a plain PIN field its "show" half.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <textField placeholder="Password" id="p3-ff-001">
                            <textInputTraits key="textInputTraits" secureTextEntry="YES"/>
                        </textField>
                        ↓<textField placeholder="Card PIN" id="p3-ff-002">
                            <textInputTraits key="textInputTraits" keyboardType="numberPad"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/CardSetup.xib"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="PaymentView">
                            <connections>
                                <outlet property="cvvField" destination="c1-bb-003"/>
                            </connections>
                        </placeholder>
                        <view id="v2">
                            <subviews>
                                ↓<textField id="c1-bb-003">
                                    <textInputTraits key="textInputTraits" keyboardType="numberPad"/>
                                </textField>
                            </subviews>
                        </view>
                    </objects>
                </document>
                """, path: "App/PaymentView.xib"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        ↓<textField placeholder="Enter your 4-digit PIN" id="n1-ee-010">
                            <accessibility key="accessibilityConfiguration" identifier="pinEntry"/>
                            <textInputTraits key="textInputTraits" keyboardType="numberPad" secureTextEntry="NO"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Unlock.storyboard"),
            // Autocorrection off: the keyboard learns nothing, the value is only shown (a recovery key often is).
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        ↓<textField placeholder="Enter passphrase" id="rk-1-aa1">
                            <textInputTraits key="textInputTraits" autocorrectionType="no"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Recover.storyboard",
                findings: [FindingSpec(severity: .low, confidence: .low, message: "autocorrection is off")]),
            RuleExample(
                """
                struct SeedEntry: View {
                    @State private var secret = ""
                    var body: some View {
                        Form {
                            ↓TextField("Secret", text: $secret)
                                .font(.body.monospaced())
                        }
                        .autocorrectionDisabled()
                    }
                }
                """, path: "App/SeedEntry.swift",
                findings: [FindingSpec(severity: .low, confidence: .low, message: "autocorrection is off")]),
            RuleExample(
                """
                struct LoginForm: View {
                    @State private var password = ""
                    var body: some View { ↓TextField("Password", text: $password) }
                }
                """, path: "App/LoginForm.swift"),
            RuleExample(
                """
                alert.↓addTextField { field in
                    field.placeholder = "PIN"
                    field.keyboardType = .numberPad
                }
                """, path: "App/PinPrompt.swift"),
            RuleExample(
                """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    ↓secretAnswerField.isSecureTextEntry = false
                    ↓cvvTextField.isSecureTextEntry = false
                }
                """, path: "App/SecurityQuestionViewController.swift")
        ],
        nonTriggeringExamples: [
            // A card number on a phone pad with autocorrection off: shown as payment forms show it, never learned.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        <textField placeholder="Card number" id="cc-1-num">
                            <textInputTraits key="textInputTraits" autocorrectionType="no" spellCheckingType="no" keyboardType="phonePad"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Checkout.storyboard"),
            // A hidden field on a digit pad: a custom keypad shows the digits as dots, and digit pads learn nothing.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <textField hidden="YES" id="pc-1-hid">
                            <accessibility key="accessibilityConfiguration" identifier="passcodeField"/>
                            <textInputTraits key="textInputTraits" keyboardType="numberPad"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Passcode.xib"),
            // A macOS login with a secure field and the plain field its "show password" button swaps in.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0">
                    <objects>
                        <customObject id="-2" userLabel="File's Owner" customClass="LoginViewController">
                            <connections>
                                <outlet property="passwordSecureField" destination="s4-gg-001"/>
                                <outlet property="passwordRevealedField" destination="t4-gg-002"/>
                            </connections>
                        </customObject>
                        <secureTextField id="s4-gg-001"/>
                        <textField hidden="YES" id="t4-gg-002"/>
                    </objects>
                </document>
                """, path: "Mac/Login.xib"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        <!-- Shown, not typed into: a disabled card field and a PIN filled from the app's keypad. -->
                        <textField enabled="NO" placeholder="Card number" id="k1-aa-001">
                            <textInputTraits key="textInputTraits" keyboardType="numberPad"/>
                        </textField>
                        <textField userInteractionEnabled="NO" placeholder="PIN" id="k1-aa-002">
                            <textInputTraits key="textInputTraits"/>
                        </textField>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Keypad.storyboard"),
            RuleExample(
                """
                - (void)viewDidLoad {
                    self.passwordField.secureTextEntry = NO;
                    self.nicknameField.secureTextEntry = NO;
                }
                - (IBAction)toggleReveal:(id)sender {
                    self.passwordField.secureTextEntry = !self.passwordField.secureTextEntry;
                }
                """, path: "App/LoginViewController.m"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        <textField placeholder="Password" id="p2-cc-004">
                            <textInputTraits key="textInputTraits" secureTextEntry="YES" textContentType="password"/>
                        </textField>
                        <textField placeholder="Verification code" id="o1-cc-005">
                            <textInputTraits key="textInputTraits" keyboardType="numberPad" textContentType="one-time-code"/>
                        </textField>
                        <textField placeholder="Search" id="s1-cc-006"/>
                        <textField placeholder="Password hint" id="h1-cc-007"/>
                        <!-- A database's file name; the placeholder shows an example value. -->
                        <textField text="MyPasswords" placeholder="e.g. MyPasswords" id="d1-cc-008"/>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Main.storyboard"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <label text="Password" id="l1-dd-008"/>
                        <textView text="Terms" id="t1-dd-009"/>
                    </objects>
                </document>
                """, path: "App/TermsView.xib"),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <objects>
                        <viewController id="vc2" customClass="ProfileViewController">
                            <connections>
                                <outlet property="nameField" destination="f1-ee-011"/>
                                <outlet property="emailField" destination="f2-ee-012"/>
                            </connections>
                        </viewController>
                        <textField placeholder="Full name" id="f1-ee-011"/>
                        <textField placeholder="Email" id="f2-ee-012"/>
                    </objects>
                </document>
                """, path: "App/Base.lproj/Profile.storyboard"),
            RuleExample(
                """
                struct LoginForm: View {
                    @State private var password = ""
                    @State private var reveal = false
                    var body: some View {
                        if reveal { TextField("Password", text: $password) } else { SecureField("Password", text: $password) }
                    }
                }
                """, path: "App/LoginForm.swift"),
            // The secure half of the toggle picks its binding by state.
            RuleExample(
                """
                struct GuestPasswordView: View {
                    @State private var password = ""
                    @State private var confirmed = ""
                    @State private var visible = false
                    @State private var editing = false
                    var body: some View {
                        if !visible || editing {
                            SecureField("Password", text: editing ? $confirmed : $password)
                        } else {
                            TextField("Password", text: $password)
                        }
                    }
                }
                """, path: "App/GuestPasswordView.swift"),
            RuleExample(
                """
                // One-time codes are meant to be seen and autofilled.
                TextField("Verification code", text: $otp).textContentType(.oneTimeCode)
                TextField("SMS code", text: $viewModel.otp).keyboardType(.numberPad)
                TextField("Email", text: $email)
                """, path: "App/VerifyView.swift"),
            RuleExample(
                """
                alert.addTextField { field in
                    field.placeholder = "Password"
                    field.isSecureTextEntry = true
                }
                """, path: "App/PasswordPrompt.swift"),
            RuleExample(
                """
                // A show-password button: the field is made secure again, set from state, or toggled.
                @objc func reveal() { passwordField.isSecureTextEntry = false }
                @objc func conceal() { passwordField.isSecureTextEntry = true }
                func update() { pinField.isSecureTextEntry = !isPinVisible }
                @objc func flip() { pinField.isSecureTextEntry = false; cardNumberField.isSecureTextEntry.toggle() }
                func setUp() { cardNumberField.isSecureTextEntry = false }
                // Not a secret: a user name, a one-time code.
                func configure() { usernameField.isSecureTextEntry = false; otpField.isSecureTextEntry = false }
                """, path: "App/LoginViewController.swift")
        ]
    )

    static let fileKinds: Set<FileKind> = [.interface]

    /// What a person types that must not be cached or shown.
    private static let secretCategories: Set<SensitiveCategory> = [
        .password, .pin, .otp, .card, .secret, .credential, .personalID
    ]

    /// Words that name a card's security code or PIN rather than its number.
    static let securityCodeWords: Set<String> = ["cvv", "cvc", "cvv2", "cvc2", "csc", "cid", "security", "code", "pin"]

    /// Keyboards of digits only, which have no suggestion bar.
    static let digitKeyboards: Set<String> = ["numberPad", "phonePad", "decimalPad", "asciiCapableNumberPad"]

    static func check(_ file: ArtifactFile) {
        let document = file.parsed("IOSecAudit.InterfaceDocument") { InterfaceDocument.parse($0.bytes) }
        // A secure field for the same kind of secret in the same document: the plain one is the "show password"
        // half of a pair the app toggles between.
        let secureCategories = Set(document.textInputs.filter(\.isSecure).compactMap { secretName(of: $0)?.1 })
        // A field nobody can type into (disabled, or filled by the app's own keypad) meets no keyboard.
        for input in document.textInputs where !input.isSecure && input.takesKeyboardInput {
            guard let (name, category) = secretName(of: input), !secureCategories.contains(category) else { continue }
            // One-time codes are meant to be autofilled from Messages and are short-lived.
            if category == .otp, input.contentType == "one-time-code" { continue }
            // A hidden field on a digit pad (a custom keypad draws the dots) shows nothing, and digit pads offer no
            // suggestions, so there is nothing to learn.
            if input.isHidden, let keyboard = input.keyboardType, digitKeyboards.contains(keyboard) { continue }
            // Card numbers are shown as they are typed in payment forms everywhere; on a digit pad, or with
            // autocorrection off, the keyboard learns none of them.
            // A security code (CVV) or a card PIN is asked for and then forgotten: it is not shown.
            if category == .card, SensitiveName.words(name).allSatisfy({ !securityCodeWords.contains($0) }),
                input.autocorrection == "no" || input.keyboardType.map(digitKeyboards.contains) == true
            {
                continue
            }
            // A field of the app's own class may turn secure entry on in code: the project pass decides.
            if let customClass = input.customClass {
                file.record(kind: FactKind.secretInputCustomClass, value: customClass, line: input.line)
            }
            let element = input.element == "textView" ? "text view" : "text field"
            // Autocorrection off keeps the text out of the keyboard's dictionary: what is left is a value shown on
            // screen, which a recovery key or a seed often is on purpose.
            guard input.autocorrection != "no" else {
                file.report(
                    description, atLineStart: input.line,
                    message:
                        "\(element) '\(name)' takes \(category.noun) without secure entry: autocorrection is off, so the keyboard does not learn it, but it is shown and visible in screenshots; tick Secure Text Entry unless it is meant to be read",
                    confidence: .low)
                continue
            }
            file.report(
                description, atLineStart: input.line,
                message:
                    "\(element) '\(name)' takes \(category.noun) without secure entry: it is shown, cached by the keyboard and visible in screenshots; tick Secure Text Entry"
            )
        }
    }

    private static func secretName(of input: InterfaceDocument.TextInput) -> (String, SensitiveCategory)? {
        for name in input.names {
            if let category = SensitiveName.classify(name) ?? SensitiveName.classifyInputField(name),
                secretCategories.contains(category)
            {
                return (name, category)
            }
        }
        return nil
    }
}
