import Foundation
import IOSecCore
@_spi(RawSyntax) import SwiftSyntax

/// `secrets.hardcoded`: credentials written into the source. Known token formats anywhere (critical; Stripe
/// publishable keys info), high-entropy literals given a sensitive name (high). Quiet in tests and fixtures.
struct HardcodedSecretRule: SwiftRule {
    static let description = RuleDescription(
        id: "secrets.hardcoded",
        title: "Hard-coded secret",
        severity: .critical,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 798, owasp: OWASPReference("MASWE-0004", beta: "MASWE-0005", mastg: [], .exact),
        rationale: """
            Every string in the app ships in the binary, where `strings` or a disassembler reads it in seconds; \
            obfuscation only slows that down. A cloud access key, API secret, private key or long-lived token found \
            there gives an attacker the app's own access to the backend, and it cannot be rotated without a new \
            release. Publishable keys (Stripe `pk_…`) are public by design and reported only as info.
            """,
        fix:
            "Revoke the secret, keep it on your server, and give the app short-lived, per-user credentials at runtime.",
        fixExample: """
            // The server holds the Stripe secret key; the app asks it for a per-payment client secret.
            let intent = try await api.createPaymentIntent(amount: cart.total)
            let sheet = PaymentSheet(paymentIntentClientSecret: intent.clientSecret, configuration: configuration)
            """,
        triggeringExamples: [
            RuleExample(
                """
                #define kStripeSecret ↓@"sk_live_4eC39HqLyjWDarjtT1zdp7dc"
                static NSString *const kAPISecret = ↓@"9f8e7d6c5b4a39281706f5e4d3c2b1a0";
                - (void)setUp { self.adminPassword = ↓@"Winter#2019"; }
                """, path: "App/Config.m",
                findings: [
                    FindingSpec(
                        severity: .critical, confidence: .high,
                        message: "Stripe secret key (sk_…/rk_…) is hard-coded and readable"),
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'kAPISecret' holds a hard-coded high-entropy secret"),
                    FindingSpec(
                        severity: .medium, confidence: .low, message: "'adminPassword' is set to a hard-coded value")
                ]),
            RuleExample(
                """
                // Reported at info: publishable keys are public by design.
                - (void)configurePayments {
                    [StripeAPI setDefaultPublishableKey:↓@"pk_live_51H8abcdEFGHijklMNOPqrSTuv"];
                }
                """, path: "App/PaymentsSetup.m",
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high,
                        message: "Stripe publishable key (pk_…), public by design is hard-coded; fine if")
                ]),
            RuleExample(
                """
                // A literal fallback after `??` is what ships when the variable is unset.
                let paymentsSecret = ProcessInfo.processInfo.environment["PAYMENTS_SECRET"] ?? ↓"q7Lw2Zr9xV4mT8bN3cKp"
                """,
                findings: [
                    FindingSpec(severity: .high, message: "'paymentsSecret' holds a hard-coded high-entropy secret")
                ]),
            RuleExample(
                #"let awsAccessKeyID = ↓"AKIAQ3EGRT5YHN6TLPZW""#,
                findings: [
                    FindingSpec(
                        severity: .critical, confidence: .high,
                        message: "AWS access key ID (AKIA…/ASIA…) is hard-coded and readable")
                ]),
            RuleExample(
                """
                enum Secrets {
                    static let clientSecret = ↓"q8Zr1vX0pL3kT9wYb2NcR7uE"
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'clientSecret' holds a hard-coded high-entropy secret")
                ]),
            RuleExample(
                #"request.setValue(↓"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", forHTTPHeaderField: "Authorization")"#,
                findings: [FindingSpec(severity: .critical, confidence: .high, message: "JSON Web Token is hard-coded")]
            ),
            RuleExample(
                """
                // Reported at info: publishable keys are public by design.
                StripeAPI.defaultPublishableKey = ↓"pk_live_51H8abcdEFGHijklMNOPqrSTuv"
                """,
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high,
                        message: "Stripe publishable key (pk_…), public by design is hard-coded; fine if")
                ]),
            RuleExample(
                """
                let signingKeyPEM = ↓\"\"\"
                -----BEGIN RSA PRIVATE KEY-----
                MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
                -----END RSA PRIVATE KEY-----
                \"\"\"
                """,
                findings: [
                    FindingSpec(severity: .critical, confidence: .high, message: "PEM private key is hard-coded")
                ]),
            RuleExample(
                #"let headers = ["X-Api-Key": ↓"9fK2mQ7xLp4Rz8Vt3Wb6Nc1Y"]"#,
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .high,
                        message: "'X-Api-Key' holds a hard-coded high-entropy secret")
                ]),
            RuleExample(
                """
                // Low entropy is no excuse: a password, PIN or token in the source is the same in every install.
                final class MaintenanceLogin {
                    let supportPassword = ↓"Spring#2021"
                    func signIn() { api.storeCredentials(user: "ops", password: ↓"letmein42") }
                    func reset(_ account: Account) { account.pin = ↓"0000" }
                }
                """,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .low, message: "'supportPassword' is set to a hard-coded value"),
                    FindingSpec(
                        severity: .medium, confidence: .low, message: "'password' is set to a hard-coded value"),
                    FindingSpec(severity: .medium, confidence: .low, message: "'pin' is set to a hard-coded value")
                ]),
            RuleExample(
                """
                // "key" alone names lookup keys too; a run of hex digits makes it key material.
                func exportConfig() -> String {
                    let exportKey = ↓"EXPORT_KEY_v2_9b1e4c7a2d5f8e3b6a0c"
                    return sign(report, with: exportKey)
                }
                """,
                findings: [
                    FindingSpec(severity: .high, confidence: .medium, message: "'exportKey' holds a hard-coded")
                ]),
            RuleExample(
                #"UserDefaults.standard.set(↓"7715q", forKey: "userPIN")"#,
                findings: [
                    FindingSpec(severity: .medium, confidence: .low, message: "'userPIN' is set to a hard-coded value")
                ]),
            RuleExample(
                """
                // A `NAME=value` configuration line reads the same in the binary: high, with medium confidence.
                let crashReporterDefaults = ↓"SENTRY_AUTH_TOKEN=7c1f9a04e2b84d6c"
                """,
                findings: [
                    FindingSpec(
                        severity: .medium, confidence: .low,
                        message: "'SENTRY_AUTH_TOKEN' is set to a hard-coded value in this string")
                ]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>username</key>
                    <string>support</string>
                    <key>password</key>
                    ↓<string>Summer#2022</string>
                </dict>
                </plist>
                """, path: "App/Resources/Credentials.plist",
                findings: [
                    FindingSpec(
                        severity: .high, confidence: .medium, message: "'password' is bundled in a property list")
                ]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>StripePublishableKey</key>
                    ↓<string>pk_live_51H8abcdEFGHijklMNOPqrSTuv</string>
                    <key>SupportSlackBotToken</key>
                    ↓<string>xoxb-2847193650-5928374610283-Qm8fT2vLx9RkP4wZ7nB3cY1d</string>
                </dict>
                </plist>
                """, path: "App/Resources/Credentials.plist",
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high,
                        message: "Stripe publishable key (pk_…), public by design is bundled; fine if"),
                    FindingSpec(
                        severity: .critical, confidence: .high,
                        message: "Slack token (xox…) is bundled in a property list anyone with the app can read")
                ]),
            // In Info.plist, only a server-side credential of a known format: the Maps key is a client key SDKs read.
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>CFBundleIdentifier</key>
                    <string>com.acme.shop</string>
                    <key>GMSApiKey</key>
                    <string>AIzaSyB7x9Qm2LkP4rT6vW8yZ0aC3dE5fG7hJ9k</string>
                    <key>ACMPaymentsKey</key>
                    ↓<string>sk_live_4eC39HqLyjWDarjtT1zdp7dc</string>
                    <key>ACMSupportPassword</key>
                    <string>Summer#2022</string>
                </dict>
                </plist>
                """, path: "App/Info.plist",
                findings: [
                    FindingSpec(
                        severity: .critical, confidence: .high,
                        message: "Stripe secret key (sk_…/rk_…) is bundled in a property list")
                ]),
            // Reported at info: PostHog project keys only ingest events and are meant to ship.
            RuleExample(
                #"posthog.setup(PostHogConfig(apiKey: ↓"phc_Yx1kP3mQ9rT5vW7zA2cE4gI6kM8oQ0sU2wY4aC6eG8i"))"#,
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high,
                        message: "PostHog project API key (phc_…), public by design is hard-coded")
                ]),
            // RevenueCat's public SDK keys are what `Purchases.configure(withAPIKey:)` is meant to get.
            RuleExample(
                #"Purchases.configure(withAPIKey: ↓"appl_JXmiRckOzXpQsHKitQiicXCvMQi")"#,
                findings: [
                    FindingSpec(
                        severity: .info, confidence: .high,
                        message: "RevenueCat public SDK key (appl_…/goog_…/amzn_…), public by design is hard-coded")
                ]),
            RuleExample(
                """
                ↓-----BEGIN EC PRIVATE KEY-----
                MHcCAQEEIBqV0m8m9bVqCkP2a7mZ8xJxk3Jb6cY1YzA0b2c3ZDRlZmegCgYIKoZIzj0DAQehRANCAAQ
                -----END EC PRIVATE KEY-----
                """, path: "App/Resources/client-key.pem",
                findings: [FindingSpec(severity: .critical, message: "client-key.pem holds a private key")]),
            RuleExample(
                "↓PKCS#12 bytes", path: "App/Resources/client.p12",
                findings: [FindingSpec(severity: .high, confidence: .medium, message: "client.p12 is a PKCS#12 bundle")]
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                #"let region = ProcessInfo.processInfo.environment["AWS_REGION"] ?? "eu-west-1""#),
            RuleExample(
                """
                // Archive and defaults key names: identifiers, not credentials.
                private enum CoderKey {
                    static let sessionId = "userId"  // misnamed, kept for compatibility
                    static let refreshToken = "refreshToken"
                }
                static let didMigrateRecoveryKey = "didMigrateRecoveryKey"
                """),
            RuleExample(
                #"""
                // Markers around a highlighted span, not credentials; a text field's placeholder.
                enum Placeholders { static let webUploaderPasscode = "123456" }
                let startToken = "\u{001A}"
                let endToken = "\u{001D}"
                """#),
            RuleExample(
                """
                // Storage keys, lookup keys and public keys are not secrets, however random they look.
                static let migrationCompletedKey = "hasCompletedRealmToGRDBMigrationV2"
                let cacheKey = "3f2a9c1b7d4e8f60a1b2c3d4e5f60718"
                let serverPublicKey = "04a1b2c3d4e5f60718293a4b5c6d7e8f90"
                defaults.set(true, forKey: "onboarding4f3a2b1c9d8e7f6a5b")
                """),
            RuleExample(
                """
                -----BEGIN CERTIFICATE-----
                MIIBszCCAVmgAwIBAgIUQ2FzZSBjZXJ0aWZpY2F0ZSBmb3IgcGlubmluZzAKBggqhkjOPQQDAjAU
                -----END CERTIFICATE-----
                """, path: "App/Resources/api-pin.pem"),
            RuleExample(
                """
                #define kTokenKey @"auth_token"
                static NSString *const kPasswordPlaceholder = @"Enter your password";
                - (void)setUp { self.passwordField.placeholder = @"Password"; self.tokenKey = @"session_token"; }
                """, path: "App/Config.m"),
            RuleExample(
                """
                let apiKey = "YOUR_API_KEY"
                let token = "<token>"
                let clientSecret = ""
                let stripeSecretKey = "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX"
                """),
            RuleExample(#"let stubKey = "AKIAQ3EGRT5YHN6TLPZW""#, path: "AppTests/UploadTests.swift"),
            RuleExample(
                #"let recordedToken = "ghp_8kQ2mX7pL4rZ9vT3wB6nC1yE5uH0jD2sF4gA""#,
                path: "App/Fixtures/RecordedResponses.swift"),
            RuleExample(
                """
                let publicKeyPEM = "-----BEGIN PUBLIC KEY-----MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHC-----END PUBLIC KEY-----"
                let requestID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
                let sessionIdentifier = "com.acme.shop.background-session"
                let passwordResetURL = "https://acme-shop.com/account/password/reset"
                """),
            RuleExample(#"let tokenKey = UserDefaultsKey("auth.token.v2")"#),
            RuleExample(
                """
                enum LoginField: String {
                    case loginToken = "org.example.msc3906.login_token"
                    case password = "password"
                }
                let passwordKey = "password"
                let authHeader = "Authorization"
                let passwordTitle = "login.password.title"
                let tokenStorageKey = "auth_token"
                let passwordPrompt = "Enter your password"
                let passwordFormat = "%@:%@"
                """),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>passwordMinLength</key>
                    <integer>12</integer>
                    <key>tokenEndpoint</key>
                    <string>https://auth.acme-shop.com/token</string>
                    <key>passwordKey</key>
                    <string>password</string>
                </dict>
                </plist>
                """, path: "App/Resources/Settings.plist"),
            RuleExample(
                """
                struct LoginView_Previews: PreviewProvider {
                    static var previews: some View { PasswordPrompt(generatedPassword: "GeNeRaTeD-pAsSwOrD") }
                }
                #Preview { PinPad(pin: "4321") }
                """)
        ]
    )

    /// Shorter literals hold neither a known token format nor a key worth the name.
    private static let minimumLength = 16
    /// Shorter literals hold no secret worth reporting (the shortest, a PIN, has four digits).
    static let shortestSecret = 4
    static let subscription = Subscription(literals: .atLeast(shortestSecret, where: wantsLiteral))

    /// The literals this rule may report on, told from the raw tree: a known token format, a `NAME=value` line that
    /// names a credential, a long value given a secret's or a key's name, a short one given a credential's name.
    /// Most literals are labels, keys, URLs and sentences passed where no name says secret, and are never made.
    static func wantsLiteral(_ literal: LiteralCandidate) -> Bool {
        let text = literal.text
        let isLong = text.utf8.count >= minimumLength
        if isLong, SecretDetector.knownFormat(in: text) != nil { return true }
        // The other paths of `visit` want plain text.
        guard !literal.isInterpolated else { return false }
        if let (key, _) = assignmentInText(text), SensitiveName.classify(key).map(credentialCategories.contains) == true
        {
            return true
        }
        switch rawAssignedName(literal) {
        case .unsure: return true
        case .none: return false
        case .name(let text):
            let name = String(syntaxText: text)
            guard let category = SensitiveName.classify(name) else { return isLong && namesAKey(name) }
            // A long value under any secret's name may be random key material; a short one must be a credential.
            return isLong || credentialCategories.contains(category)
        }
    }

    /// `assignedName(of:)` read from the raw path above the literal: the same places, and `unsure` where the made
    /// node would be asked more (a key written as a literal, a tuple or a cast as the target).
    static func rawAssignedName(_ literal: LiteralCandidate) -> RawName {
        // Through the wrappers that keep the content: `"…".utf8`, `"…".data(using: .utf8)!`, `Data("…".utf8)`.
        var node = literal.raw
        var level = 0
        while let parent = literal.ancestor(level + 1) {
            if let member = RawMemberAccessExprSyntax(parent), member.base?.raw.id == node.id {
                let name = member.declName.baseName.tokenText
                if name == "utf8" || name == "bytes" {
                    node = parent
                    level += 1
                    continue
                }
                if name == "data", let call = literal.ancestor(level + 2), call.kind == .functionCallExpr {
                    if let unwrap = literal.ancestor(level + 3), unwrap.kind == .forceUnwrapExpr {
                        node = unwrap
                        level += 3
                    } else {
                        node = call
                        level += 2
                    }
                    continue
                }
            } else if let argument = RawLabeledExprSyntax(parent), argument.label == nil,
                let call = literal.ancestor(level + 3).flatMap({ RawFunctionCallExprSyntax($0) }),
                call.arguments.raw.layoutView?.children.count == 1,
                let callee = FunctionCallExprSyntax.calledNameText(call.raw), callee == "Data" || callee == "Array"
            {
                node = call.raw
                level += 3
                continue
            } else if parent.kind == .exprList, literal.ancestor(level + 2)?.kind == .sequenceExpr,
                let elements = parent.layoutView?.children, elements.count == 3, elements[2]?.id == node.id,
                let op = elements[1].flatMap(RawBinaryOperatorExprSyntax.init), op.operator.tokenText == "??",
                let sequence = literal.ancestor(level + 2)
            {
                // `environment["PAYMENTS_KEY"] ?? "k_live_…"`: the fallback is the value the name gets.
                node = sequence
                level += 2
                continue
            }
            break
        }
        guard let parent = literal.ancestor(level + 1) else { return .none }
        switch parent.kind {
        case .initializerClause:
            guard let owner = literal.ancestor(level + 2) else { return .none }
            if let binding = RawPatternBindingSyntax(owner) {
                return RawIdentifierPatternSyntax(binding.pattern.raw).map { .name($0.identifier.tokenText) } ?? .none
            }
            if let element = RawEnumCaseElementSyntax(owner) { return .name(element.name.tokenText) }
            if let parameter = RawFunctionParameterSyntax(owner) {
                return .name((parameter.secondName ?? parameter.firstName).tokenText)
            }
            return .none
        case .exprList:
            // `account.pin = "0000"`, `params["password"] = "…"`
            guard literal.ancestor(level + 2)?.kind == .sequenceExpr, let elements = parent.layoutView?.children,
                elements.count == 3, elements[1]?.kind == .assignmentExpr, elements[2]?.id == node.id,
                let target = elements[0]
            else { return .none }
            return target.kind == .subscriptCallExpr ? .unsure : RawName.lastName(of: target)
        case .labeledExpr:
            guard let argument = RawLabeledExprSyntax(parent) else { return .none }
            if let label = argument.label { return .name(label.tokenText) }
            // `set("…", forKey: "apiToken")`: the key names the value.
            guard let call = literal.ancestor(level + 3).flatMap({ RawFunctionCallExprSyntax($0) }) else {
                return .none
            }
            let labels = FunctionCallExprSyntax.argumentLabelTexts(call.raw)
            return labels.contains { $0 == "forKey" || $0 == "forHTTPHeaderField" } ? .unsure : .none
        case .dictionaryElement:
            guard let element = RawDictionaryElementSyntax(parent), element.value.raw.id == node.id else {
                return .none
            }
            return element.key.raw.kind == .stringLiteralExpr ? .unsure : RawName.lastName(of: element.key.raw)
        default:
            // `var apiSecret: String { "…" }`, `func clientSecret() -> String { return "…" }`
            var up = level + 1
            while let n = literal.ancestor(up), up - level <= 6 {
                if let binding = RawPatternBindingSyntax(n) {
                    return RawIdentifierPatternSyntax(binding.pattern.raw).map { .name($0.identifier.tokenText) }
                        ?? .none
                }
                if let function = RawFunctionDeclSyntax(n) { return .name(function.name.tokenText) }
                switch n.kind {
                case .returnStmt, .codeBlockItem, .codeBlockItemList, .accessorBlock, .codeBlock, .accessorDecl,
                    .accessorDeclList:
                    up += 1
                default:
                    return .none
                }
            }
            return .none
        }
    }

    mutating func visit(_ literal: StringLiteralExprSyntax, in file: SwiftFile) {
        // Most literals are short keys and labels: the dispatcher measures them without making them
        // (`Subscription.Literals`), and the rule checks the same measure for callers that do not.
        guard
            StringLiteralExprSyntax.pieceLength(literal.raw, limit: Self.shortestSecret)
                >= Self.shortestSecret
        else { return }
        let pieces = literal.rawPieces
        var text = ""
        var interpolated = false
        for piece in pieces {
            if let piece {
                text += String(syntaxText: piece)
            } else {
                interpolated = true
                text += " "  // a token never spans an interpolation
            }
        }
        if text.utf8.count >= Self.minimumLength, let match = SecretDetector.knownFormat(in: text) {
            if match.isPublic {
                report(
                    file, at: literal, "\(match.description) is hard-coded; fine if it really is the publishable key",
                    severity: .info)
            } else {
                report(
                    file, at: literal,
                    "\(match.description) is hard-coded and readable by anyone with the app; revoke it and keep it server-side",
                    evidence: .value)
            }
            return
        }
        // `"MAS_API_KEY=8767086b9f6f"`: a configuration line with its own name.
        if !interpolated, let (key, value) = Self.assignmentInText(text),
            SensitiveName.classify(key).map(Self.credentialCategories.contains) == true,
            Self.looksLikeCredentialValue(value)
        {
            report(
                file, at: literal,
                "'\(key)' is set to a hard-coded value in this string, readable in the binary; keep it server-side",
                severity: .high, confidence: .low, evidence: .name)
            return
        }
        guard !interpolated, let name = Self.assignedName(of: literal), !Self.isEnumRawValue(literal) else { return }
        guard let category = SensitiveName.classify(name) else {
            // `exportKey = "EXPORT_SEC_KEY_…_f8e7d6c5b4a3f2e1"`: "key" alone also names storage and dictionary keys,
            // so only a random-looking value makes such a name a secret.
            if Self.hasHexRun(text), Self.namesAKey(name), !SecretDetector.isPlaceholder(text) {
                report(
                    file, at: literal,
                    "'\(name)' holds a hard-coded high-entropy key; keep it server-side or generate it and keep it in the Keychain",
                    severity: .high, confidence: .medium, evidence: .value)
            }
            return
        }
        if text.utf8.count >= Self.minimumLength, SecretDetector.looksRandom(text), !SecretDetector.isPlaceholder(text)
        {
            report(
                file, at: literal,
                "'\(name)' holds a hard-coded high-entropy secret; keep it server-side or fetch it at runtime",
                severity: .high, evidence: .value)
        } else if Self.credentialCategories.contains(category), Self.looksLikeCredentialValue(text),
            !Self.isDisplayText(literal),
            !Self.isValueOfCaseKeyedDictionary(literal), !Self.isInPlaceholderType(literal)
        {
            // A password, PIN or token is a secret whatever its entropy: "0000" and "Winter#2019" are the worst ones.
            report(
                file, at: literal,
                "'\(name)' is set to a hard-coded value, the same in every install and readable in the binary; let the user choose it or get it from your server",
                severity: .high, confidence: .low, evidence: .name)
        }
    }

    /// Words before "key" that make it a lookup key, a public key or a key's metadata rather than key material.
    private static let keyQualifiers: Set<String> = [
        "cache", "storage", "defaults", "user", "dictionary", "dict", "coding", "codable", "notification", "lookup",
        "sort", "primary", "foreign", "map", "hash", "public", "pub", "translation", "localization", "localized",
        "string", "strings", "accessibility", "identifier", "id", "json", "plist", "path", "key", "hot", "keyboard",
        "press", "shortcut", "analytics", "event", "param", "parameter", "header", "query", "field", "column", "row",
        "table", "entity", "attribute", "property", "setting", "settings", "preference", "preferences", "config",
        "configuration", "feature", "flag", "experiment", "index", "sorting", "group", "section", "bundle", "music",
        "piano", "file", "image", "asset", "color", "font", "record", "metadata", "context", "state", "view"
    ]

    /// `exportKey`, `aesKey`, `masterKey`: a name whose last word is "key", after a word that does not make it a
    /// lookup or public key.
    private static func namesAKey(_ name: String) -> Bool {
        let words = SensitiveName.words(name)
        guard words.count >= 2, words.last == "key", !argumentLabelWords.contains(words[0]) else { return false }
        return !keyQualifiers.contains(words[words.count - 2])
    }

    /// First words of argument labels (`forKey:`, `withKey:`), which name a parameter, not what is passed.
    private static let argumentLabelWords: Set<String> = ["for", "with", "by", "from", "to", "of", "in", "at", "using"]

    /// Whether the text holds 16 or more hex digits in a row, mixing digits and letters: key material written
    /// out, unlike the camel-case identifiers (`hasCompletedMigrationV2`) that storage keys are.
    static func hasHexRun(_ text: String) -> Bool {
        var run = 0, digits = 0, letters = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): letters += 1
            default:
                run = 0
                digits = 0
                letters = 0
                continue
            }
            run += 1
            if run >= 16, digits >= 4, letters >= 4 { return true }
        }
        return false
    }

    /// `NAME=value` or `NAME: value` as the whole literal, with an identifier-like name.
    static func assignmentInText(_ text: String) -> (String, String)? {
        // Most literals hold neither `=` nor `:`: a byte search is far cheaper than a search by Character.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }) else { return nil }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiAssignmentInText(text) }
        return unicodeAssignmentInText(text)
    }

    /// `assignmentInText` by Character, for any text.
    static func unicodeAssignmentInText(_ text: String) -> (String, String)? {
        guard let separator = text.firstIndex(where: { $0 == "=" || $0 == ":" }) else { return nil }
        let key = trimmingHorizontalSpace(text[..<separator])
        let value = trimmingHorizontalSpace(text[text.index(after: separator)...])
        guard !key.isEmpty, !value.isEmpty,
            key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }),
            !value.contains(" ")
        else { return nil }
        return (key, value)
    }

    /// `assignmentInText` over bytes, for ASCII text, where a byte is a character: most literals with a `:` are
    /// URLs and labels, and reading them by Character cost more than the rest of the rule.
    static func asciiAssignmentInText(_ text: String) -> (String, String)? {
        var copy = text
        return copy.withUTF8 { bytes -> (String, String)? in
            guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") })
            else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            func trimmed(_ range: Range<Int>) -> Range<Int> {
                var lower = range.lowerBound, upper = range.upperBound
                while lower < upper, isSpace(bytes[lower]) { lower += 1 }
                while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
                return lower..<upper
            }
            let key = trimmed(0..<separator), value = trimmed((separator + 1)..<bytes.count)
            func isKeyByte(_ byte: UInt8) -> Bool {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    true
                default: false
                }
            }
            guard !key.isEmpty, !value.isEmpty, key.allSatisfy({ isKeyByte(bytes[$0]) }),
                !value.contains(where: { bytes[$0] == UInt8(ascii: " ") })
            else { return nil }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return (string(key), string(value))
        }
    }

    /// `text` without the spaces and tabs around it (`CharacterSet.whitespaces`: tab and the Unicode space
    /// separators), by Unicode scalar, without a trip through `NSString`.
    private static func trimmingHorizontalSpace(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Kinds of names whose value is a credential on its own.
    static let credentialCategories: Set<SensitiveCategory> = [
        .password, .secret, .token, .key, .pin, .otp, .credential, .session
    ]

    /// Whether a literal is declared in a type that holds examples for people to see: `enum Placeholders { static let
    /// passcode = "123456" }` is what a text field shows before anything is typed.
    static func isInPlaceholderType(_ literal: StringLiteralExprSyntax) -> Bool {
        var node = literal.parent
        while let current = node {
            let name: String? =
                current.as(EnumDeclSyntax.self)?.name.text ?? current.as(StructDeclSyntax.self)?.name.text
                ?? current.as(ClassDeclSyntax.self)?.name.text
                ?? current.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            if let name,
                SensitiveName.words(name).contains(where: {
                    ["placeholder", "placeholders", "hint", "hints"].contains($0)
                })
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Whether literal source text is nothing but escape sequences (`\u{001A}`, `\0\t`).
    static func isOnlyEscapes(_ text: String) -> Bool {
        var rest = Substring(text)
        while let first = rest.first {
            guard first == "\\", rest.count >= 2 else { return false }
            rest = rest.dropFirst()
            if rest.first == "u", rest.dropFirst().first == "{", let close = rest.firstIndex(of: "}") {
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest.dropFirst()
            }
        }
        return !text.isEmpty
    }

    /// Whether a literal given a credential's name looks like the credential's value rather than a key name,
    /// a placeholder, a format, a URL or text for people.
    static func looksLikeCredentialValue(_ text: String) -> Bool {
        // Shorter than a 4-digit PIN: a code or an abbreviation, not a credential.
        guard text.utf8.count >= 4, text.utf8.count <= 256 else { return false }
        // Each test below can only say no; the cheap ones go first, as most literals fail one of them.
        if text.contains(where: \.isWhitespace) { return false }
        if text.containsBytes("://") || text.hasPrefix("/") || text.hasPrefix(".") || text.hasPrefix("$") {
            return false
        }
        for marker in ["%@", "%d", "%s", "%i", "%ld", "%lu", "{{", "}}"] where text.containsBytes(marker) {
            return false
        }
        if Double(text) != nil, text.containsBytes(".") { return false }  // "40.785091": a number, not a secret
        // `let startToken = "\u{001A}"`: a control character marking a span, written as escapes.
        if isOnlyEscapes(text) || text.unicodeScalars.allSatisfy({ $0.value < 0x20 }) { return false }
        // The literal names a secret: a key under which one is stored ("auth_token", "Authorization", "password",
        // "pushtoken").
        // A key name has few digits: "auth_token" is one, "sync_token_prod_9f8e7d6c5b4a" is a token with a prefix.
        if SensitiveName.isSensitive(text), text.filter(\.isNumber).count < 4 { return false }
        let lower = text.lowercased()
        if text.allSatisfy({ $0.isLetter }),
            ["password", "token", "secret", "key", "pin", "session", "credential", "cookie", "otp"].contains(
                where: lower.containsBytes)
        {
            return false
        }
        if ["notused", "unused", "none", "null", "undefined", "nothing"].contains(lower) { return false }
        let scalars = text.unicodeScalars
        // `login.password.title`, `com.acme.token-store`: dotted identifiers and localisation keys.
        let dotted = text.split(separator: ".", omittingEmptySubsequences: false)
        if dotted.count >= 2,
            dotted.allSatisfy({ part in
                guard let first = part.unicodeScalars.first, isLetter(first) || first == "_" else {
                    return false
                }
                return part.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "_" || $0 == "-" }
            })
        {
            return false
        }
        // `remember_me`, `user-pin`: snake / kebab identifiers.
        if scalars.allSatisfy({ isLowercaseLetter($0) || $0 == "_" || $0 == "-" }),
            text.contains("_") || text.contains("-")
        {
            return false
        }
        // A type or selector name: `PasswordViewController`, `loginWithPassword:`.
        if text.hasSuffix(":") { return false }
        // `static let sessionId = "userId"`, `didMigrateRecoveryKey = "didMigrateRecoveryKey"`: a lower-camelCase
        // identifier of letters is a key's name (NSCoder, UserDefaults, JSON), not a credential.
        if isLowerCamelCaseIdentifier(scalars) { return false }
        // "0000" and "1234" are real (bad) PINs; elsewhere they are placeholders.
        return text.allSatisfy(\.isNumber) || !SecretDetector.isPlaceholder(text)
    }

    /// `userId`, `authToken`, `didMigrateRecoveryKey`: ASCII letters, starting lower-case, each upper-case letter
    /// starting a word (no two in a row), ending in lower case.
    static func isLowerCamelCaseIdentifier(_ scalars: String.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, first >= "a" && first <= "z" else { return false }
        var humps = 0
        var previousUpper = false
        for scalar in scalars {
            guard scalar.isASCII, isLetter(scalar) else { return false }
            let upper = scalar >= "A" && scalar <= "Z"
            if upper {
                if previousUpper { return false }
                humps += 1
            }
            previousUpper = upper
        }
        return humps >= 1 && !previousUpper
    }

    // `CharacterSet` membership, answered for ASCII without Foundation, which is slow at it on Linux: most literals
    // are ASCII.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isLowercaseLetter(Unicode.Scalar(scalar.value | 0x20)!) : CharacterSet.letters.contains(scalar)
    }

    private static func isLowercaseLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar >= "a" && scalar <= "z" : CharacterSet.lowercaseLetters.contains(scalar)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            ? isLetter(scalar) || scalar >= "0" && scalar <= "9" : CharacterSet.alphanumerics.contains(scalar)
    }

    /// Text shown to people or looked up for localisation: `Text("…")`, `NSLocalizedString("…")`, titles.
    private static func isDisplayText(_ literal: StringLiteralExprSyntax) -> Bool {
        guard let call = literal.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), let name = call.calledName
        else { return false }
        return [
            "NSLocalizedString", "LocalizedStringKey", "LocalizedStringResource", "Text", "Label", "localized", "String"
        ].contains(name)
    }

    /// `[Sections.authorization: "Authentication"]`: a table from cases to titles, not a credential.
    private static func isValueOfCaseKeyedDictionary(_ literal: StringLiteralExprSyntax) -> Bool {
        guard let element = literal.parent?.as(DictionaryElementSyntax.self) else { return false }
        return element.key.stringLiteralValue == nil
    }

    /// `case loginToken = "org.matrix.msc3906.login_token"`: a raw value names a protocol field, it holds no secret.
    private static func isEnumRawValue(_ literal: StringLiteralExprSyntax) -> Bool {
        literal.parent?.as(InitializerClauseSyntax.self)?.parent?.is(EnumCaseElementSyntax.self) == true
    }

    /// The name the literal is given: variable, property, enum case, parameter default, argument label,
    /// dictionary key, HTTP header or defaults key, or the computed property / function returning it.
    static func assignedName(of literal: StringLiteralExprSyntax) -> String? {
        assignedName(of: ExprSyntax(literal), literalID: literal.id)
    }

    /// The name given to `expr` — the literal itself, or what wraps it without changing its content:
    /// `"…".data(using: .utf8)!`, `Data("…".utf8)`, `Array("…".utf8)`.
    private static func assignedName(of expr: ExprSyntax, literalID: SyntaxIdentifier) -> String? {
        if let outer = wrapper(of: expr) { return assignedName(of: outer, literalID: literalID) }
        return assignedNameOfOutermost(expr)
    }

    private static func wrapper(of expr: ExprSyntax) -> ExprSyntax? {
        guard let parent = expr.parent else { return nil }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expr.id {
            let name = member.declName.baseName.text
            if name == "utf8" || name == "bytes" { return ExprSyntax(member) }
            if name == "data", let call = member.parent?.as(FunctionCallExprSyntax.self) {
                return call.parent?.as(ForceUnwrapExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(call)
            }
        }
        if let argument = parent.as(LabeledExprSyntax.self), argument.label == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            ["Data", "Array"].contains(call.calledName ?? "")
        {
            return ExprSyntax(call)
        }
        // `environment["PAYMENTS_KEY"] ?? "k_live_…"`: the fallback is the value the name gets.
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self),
            list.count == 3, list.last?.id == expr.id,
            list.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        {
            return ExprSyntax(sequence)
        }
        return nil
    }

    private static func assignedNameOfOutermost(_ literal: ExprSyntax) -> String? {
        guard let parent = literal.parent else { return nil }
        if let clause = parent.as(InitializerClauseSyntax.self) {
            if let binding = clause.parent?.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let element = clause.parent?.as(EnumCaseElementSyntax.self) { return element.name.text }
            if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).text
            }
            return nil
        }
        if let list = parent.as(ExprListSyntax.self),
            let assignment = list.parent?.as(SequenceExprSyntax.self)?.simpleAssignment,
            assignment.value.id == literal.id
        {
            // `account.pin = "0000"`, `params["password"] = "…"`
            return assignment.target.lastName
                ?? assignment.target.as(SubscriptCallExprSyntax.self)?.arguments.first?.expression.stringLiteralValue
        }
        if let argument = parent.as(LabeledExprSyntax.self) {
            // `setValue("…", forHTTPHeaderField: "X-Api-Key")`, `set("…", forKey: "apiToken")`
            if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), argument.label == nil {
                for label in ["forHTTPHeaderField", "forKey"] {
                    if let key = call.argument(label)?.stringLiteralValue { return key }
                }
            }
            return argument.label?.text
        }
        if let element = parent.as(DictionaryElementSyntax.self), element.value.id == literal.id {
            return element.key.stringLiteralValue ?? element.key.lastName
        }

        // `var apiSecret: String { "…" }`, `func clientSecret() -> String { return "…" }`
        var current: Syntax? = parent
        var hops = 0
        while let n = current, hops < 6 {
            if let binding = n.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let function = n.as(FunctionDeclSyntax.self) { return function.name.text }
            guard
                n.is(ReturnStmtSyntax.self) || n.is(CodeBlockItemSyntax.self) || n.is(CodeBlockItemListSyntax.self)
                    || n.is(AccessorBlockSyntax.self) || n.is(CodeBlockSyntax.self) || n.is(AccessorDeclSyntax.self)
                    || n.is(AccessorDeclListSyntax.self)
            else { return nil }
            current = n.parent
            hops += 1
        }
        return nil
    }
}
