import IOSecCore
import SwiftSyntax

/// `auth.weak-local-auth`: a password, PIN or code checked against a string written in the source.
struct WeakLocalAuthRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.weak-local-auth",
        title: "Hard-coded password or PIN comparison",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-AUTH-2",
        cwe: 798, owasp: OWASPReference("MASWE-0020", beta: "MASWE-0043", mastg: [], .exact),
        rationale: """
            A password or PIN compared with a string literal is in the binary for anyone to read with `strings`, \
            is the same on every install, and cannot be changed without an update. Patching the comparison's \
            branch bypasses it entirely. Such checks are usually debug backdoors or placeholder logins that ship \
            by accident.
            """,
        fix:
            "Verify credentials on the server, or against a salted hash (or a Keychain item) created when the user set them.",
        fixExample: """
            // The PIN's salted hash was stored in the Keychain when the user chose it.
            let stored = try keychain.data(for: "pinHash")
            let candidate = try PBKDF2.hash(pin, salt: stored.salt, rounds: 310_000)
            guard constantTimeEquals(candidate, stored.hash) else { throw AuthError.wrongPIN }
            """,
        triggeringExamples: [
            RuleExample(
                """
                #define kMasterPIN @"4711"
                - (IBAction)unlock:(id)sender {
                    if (↓[self.passwordField.text isEqualToString:@"Tr0ub4dor"]) { [self showVault]; }
                    if (↓[kMasterPIN isEqualToString:pin]) { [self showVault]; }
                }
                """, path: "App/Lock.m"),
            RuleExample(#"if ↓password == "admin" { unlockVault() }"#),
            RuleExample(#"guard ↓pinField.text == "1234" else { return showWrongPIN() }"#),
            RuleExample(
                #"func isMaster(_ enteredPasscode: String) -> Bool { return "s3cr3t-backdoor" == ↓enteredPasscode }"#),
            RuleExample(
                #"if username == "support" && ↓credentials.password.elementsEqual("Welcome1!") { grantAccess() }"#),
            RuleExample(#"if ↓otpCode != "000000" { throw LoginError.invalidCode }"#),
            RuleExample(#"if userField.text == "root" && ↓passField.text == "Tr0ub4dor" { showAdminPanel() }"#),
            RuleExample(
                """
                func check(_ password: String) -> Bool {
                    let path = Bundle.main.path(forResource: "Accounts", ofType: "plist")!
                    let stored = NSDictionary(contentsOfFile: path)!
                    return ↓password == stored["Password"] as? String
                }
                """),
            RuleExample(
                """
                let masterPIN = "2468"
                func unlock(with pin: String) -> Bool { ↓pin == masterPIN }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (IBAction)save:(id)sender {
                    if ([self.passwordField.text isEqualToString:self.confirmField.text]) { [self store]; }
                    if ([password isEqualToString:@""]) { return; }
                    if ([self.usernameField.text isEqualToString:@"admin"]) { [self warn]; }
                }
                """, path: "App/Lock.m"),
            RuleExample(
                """
                guard !password.isEmpty, pin.count == 4 else { return }
                if password == "" { showEmptyPasswordError() }
                """),
            RuleExample(
                """
                let storedPassword = try keychain.string(forKey: "password")
                if password == storedPassword { unlockVault() }
                """),
            RuleExample(#"if passwordPlaceholderText == "Password" { configureDefaultLabel() }"#),
            RuleExample("if newPassword != confirmPassword { showMismatch() }"),
            RuleExample(#"if response.status == "ok" && response.token == expectedToken { proceed() }"#),
            RuleExample(
                """
                func verify(_ password: String) throws -> Bool {
                    let stored = try keychain.read(account: "password")
                    return password == stored["hash"]
                }
                if passField.text == confirmField.text { enableSubmit() }
                if passwordField.placeholder == "Password" { relabel() }
                """),
            RuleExample(#"#expect(password == "hunter2")"#, path: "AppTests/LoginTests.swift")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["elementsEqual"]),
        operators: .named(["==", "!="], plainLiteralOperands: false, where: wantsOperator(between:and:)))

    /// One side must be able to hold a value (`mayBeValue`) and the other to name a credential: `nil`, numbers and
    /// Booleans do neither, and an implicit member holds no value and names one only by its own name (`.password`).
    static func wantsOperator(between left: OperandShape, and right: OperandShape) -> Bool {
        func holdsValue(_ shape: OperandShape) -> Bool { shape == .other }
        func namesCredential(_ shape: OperandShape) -> Bool {
            switch shape {
            case .plainLiteral: false
            case .other: true
            case .implicitMember(let name):
                !Sensitivity.harmlessMembers.contains(name)
                    && SensitiveName.classify(name).map(credentialCategories.contains) == true
            }
        }
        return (namesCredential(left) && holdsValue(right)) || (holdsValue(left) && namesCredential(right))
    }
    /// Categories that a user types to authenticate.
    static let credentialCategories: Set<SensitiveCategory> = [.password, .pin, .otp, .secret, .credential]
    /// Words after the credential word that name the input control holding it.
    /// Operators with lower precedence than `==`: the operands next to `==` are whole operands only
    /// when what lies beyond them is one of these.
    static let lowerPrecedence: Set<String> = ["&&", "||", "??"]

    mutating func visit(_ op: BinaryOperatorExprSyntax, in file: SwiftFile) {
        let text = op.operator.text
        guard text == "==" || text == "!=", let (left, right) = Self.operands(of: op) else { return }
        // A side that cannot hold a value is ruled out from the syntax before the costlier questions: which side
        // names a credential (which follows locals and containers) and what a name resolves to.
        let rightMayBeValue = Self.mayBeValue(right)
        guard rightMayBeValue || Self.mayBeValue(left) else { return }
        // The name side first: few comparisons name a credential, and resolving a value (through locals and the
        // project's constants) costs more than reading a name.
        if rightMayBeValue, Self.mayHaveValue(right, in: file), let name = Self.credentialName(in: left),
            let value = Self.value(right, in: file)
        {
            report(file, at: left, value == .literal ? Self.message(name) : Self.bundledMessage(name))
        } else if Self.mayBeValue(left), Self.mayHaveValue(left, in: file), let name = Self.credentialName(in: right),
            let value = Self.value(left, in: file)
        {
            report(file, at: right, value == .literal ? Self.message(name) : Self.bundledMessage(name))
        }
    }

    private enum Value { case literal, bundled }

    /// A non-empty literal, or a constant holding one (`password == adminPassword`, `pin == Config.masterPIN`), or a
    /// value read from a file bundled in the app.
    private static func value(_ expr: ExprSyntax, in file: SwiftFile) -> Value? {
        guard mayBeValue(expr) else { return nil }
        if file.stringValue(of: expr)?.isEmpty == false { return .literal }
        return isBundledValue(expr) ? .bundled : nil
    }

    /// Whether `value(_:in:)` may find a value, from names alone (`SwiftFile.mayHaveStringValue`): a bundled value is
    /// a subscript, a call or a cast, which that never rules out.
    private static func mayHaveValue(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        file.mayHaveStringValue(expr)
    }

    /// Whether `expr` can be what `SwiftFile.stringValue(of:)` or `isBundledValue` recognise: a string literal, a
    /// name or member a constant may stand for, a subscript, call or cast. Everything else never is.
    private static func mayBeValue(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        if let member = e.as(MemberAccessExprSyntax.self) { return member.base != nil }
        return e.is(StringLiteralExprSyntax.self) || e.is(DeclReferenceExprSyntax.self)
            || e.is(SubscriptCallExprSyntax.self) || e.is(FunctionCallExprSyntax.self) || e.is(AsExprSyntax.self)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "elementsEqual", let base = call.calledBase,
            call.arguments.first?.expression.stringLiteralValue?.isEmpty == false,
            let name = Self.credentialName(in: base)
        else { return }
        report(file, at: base, Self.message(name))
    }

    private static func bundledMessage(_ name: String) -> String {
        "'\(name)' is compared with a value read from a file bundled in the app, which anyone can read and edit; verify it on the server or against a salted hash in the Keychain"
    }

    /// Readers of files that ship inside the app bundle.
    private static let bundledReaders: Set<String> = [
        "NSDictionary", "NSMutableDictionary", "NSArray", "contentsOfFile", "propertyList", "decode"
    ]

    /// `stored["Password"]`, `stored.object(forKey: "pin")` where `stored` was read from a bundled plist or file
    /// (`NSDictionary(contentsOfFile: Bundle.main.path(…))`).
    private static func isBundledValue(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        let container: ExprSyntax?
        if let subscriptCall = e.as(SubscriptCallExprSyntax.self) {
            container = subscriptCall.calledExpression
        } else if let call = e.as(FunctionCallExprSyntax.self),
            ["object", "value", "string"].contains(call.calledName ?? "")
        {
            container = call.calledBase
        } else if let cast = e.as(AsExprSyntax.self) {
            return isBundledValue(cast.expression)
        } else {
            return false
        }
        guard let container,
            let origin = LocalValue.origin(of: container)
                ?? (container.unwrapped.is(FunctionCallExprSyntax.self) ? container : nil)
        else { return false }
        let text = origin.sourceText
        return text.contains("Bundle.main") || text.contains("forResource")
            || (origin.unwrapped.as(FunctionCallExprSyntax.self)
                .map { call in
                    bundledReaders.contains(call.calledName ?? "")
                        && call.arguments.contains {
                            $0.label?.text == "contentsOfFile" || $0.label?.text == "contentsOf"
                        }
                } ?? false)
    }

    private static func message(_ name: String) -> String {
        "'\(name)' is compared with a hard-coded string; verify it on the server or against a salted hash in the Keychain"
    }

    /// The operands of `==` in an unfolded sequence, when they are whole operands (`a && pin == "1"`, not
    /// `prefix + pin == "1"`).
    private static func operands(of op: BinaryOperatorExprSyntax) -> (ExprSyntax, ExprSyntax)? {
        // The sequence's elements once, not searched again for each neighbour asked about.
        guard let list = op.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == op.id }) else { return nil }
        func neighbor(_ offset: Int) -> ExprSyntax? {
            elements.indices.contains(index + offset) ? elements[index + offset] : nil
        }
        guard let left = neighbor(-1), let right = neighbor(1) else { return nil }
        func isBoundary(_ offset: Int) -> Bool {
            guard let element = neighbor(offset) else { return true }
            if element.is(UnresolvedTernaryExprSyntax.self) { return true }
            return element.as(BinaryOperatorExprSyntax.self).map { lowerPrecedence.contains($0.operator.text) } ?? false
        }
        // `a == b as? String`: the cast belongs to the right operand.
        let castsRight = neighbor(2)?.is(UnresolvedAsExprSyntax.self) == true
        guard isBoundary(-2), castsRight ? isBoundary(4) : isBoundary(2) else { return nil }
        return (left, right)
    }

    /// The name of the password / PIN / code an expression holds: `password`, `credentials.password`, or the
    /// text of an input named for one (`pinField.text`).
    private static func credentialName(in expr: ExprSyntax) -> String? {
        if let name = Sensitivity.sensitiveName(in: expr) {
            let category = SensitiveName.classify(name) ?? SensitiveName.classifyInputField(name)
            return category.map(credentialCategories.contains) == true ? name : nil
        }
        return nil
    }
}
