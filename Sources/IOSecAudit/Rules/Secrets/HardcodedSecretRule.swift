import IOSecCore
import SwiftSyntax

/// `secrets.hardcoded`: credentials written into the source. Known token formats anywhere (critical; Stripe
/// publishable keys info), high-entropy literals given a sensitive name (high). Quiet in tests and fixtures.
struct HardcodedSecretRule: SwiftRule {
    static let description = RuleDescription(
        id: "secrets.hardcoded",
        title: "Hard-coded secret",
        severity: .critical,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 798,
        rationale: """
        Every string in the app ships in the binary, where `strings` or a disassembler reads it in seconds; \
        obfuscation only slows that down. A cloud access key, API secret, private key or long-lived token found \
        there gives an attacker the app's own access to the backend, and it cannot be rotated without a new \
        release. Publishable keys (Stripe `pk_…`) are public by design and reported only as info.
        """,
        fix: "Revoke the secret, keep it on your server, and give the app short-lived, per-user credentials at runtime.",
        fixExample: """
        // The server holds the Stripe secret key; the app asks it for a per-payment client secret.
        let intent = try await api.createPaymentIntent(amount: cart.total)
        let sheet = PaymentSheet(paymentIntentClientSecret: intent.clientSecret, configuration: configuration)
        """,
        triggeringExamples: [
            RuleExample(#"let awsAccessKeyID = ↓"AKIAQ3EGRT5YHN6TLPZW""#),
            RuleExample("""
            enum Secrets {
                static let clientSecret = ↓"q8Zr1vX0pL3kT9wYb2NcR7uE"
            }
            """),
            RuleExample(#"request.setValue(↓"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", forHTTPHeaderField: "Authorization")"#),
            RuleExample("""
            // Reported at info: publishable keys are public by design.
            StripeAPI.defaultPublishableKey = ↓"pk_live_51H8abcdEFGHijklMNOPqrSTuv"
            """),
            RuleExample("""
            let signingKeyPEM = ↓\"\"\"
            -----BEGIN RSA PRIVATE KEY-----
            MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
            -----END RSA PRIVATE KEY-----
            \"\"\"
            """),
            RuleExample(#"let headers = ["X-Api-Key": ↓"9fK2mQ7xLp4Rz8Vt3Wb6Nc1Y"]"#),
        ],
        nonTriggeringExamples: [
            RuleExample("""
            let apiKey = "YOUR_API_KEY"
            let token = "<token>"
            let clientSecret = ""
            let stripeSecretKey = "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX"
            """),
            RuleExample(#"let stubKey = "AKIAQ3EGRT5YHN6TLPZW""#, path: "AppTests/UploadTests.swift"),
            RuleExample(#"let recordedToken = "ghp_8kQ2mX7pL4rZ9vT3wB6nC1yE5uH0jD2sF4gA""#, path: "App/Fixtures/RecordedResponses.swift"),
            RuleExample("""
            let publicKeyPEM = "-----BEGIN PUBLIC KEY-----MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHC-----END PUBLIC KEY-----"
            let requestID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
            let sessionIdentifier = "com.acme.shop.background-session"
            let passwordResetURL = "https://acme-shop.com/account/password/reset"
            """),
            RuleExample(#"let tokenKey = UserDefaultsKey("auth.token.v2")"#),
        ]
    )

    static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]

    /// Shorter literals hold neither a known token format nor a key worth the name.
    private static let minimumLength = 16

    mutating func visit(_ node: Syntax, in file: SwiftFile) {
        guard let literal = node.as(StringLiteralExprSyntax.self) else { return }
        var text = ""
        var interpolated = false
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else {
                interpolated = true
                text += " "  // a token never spans an interpolation
            }
        }
        guard text.utf8.count >= Self.minimumLength else { return }

        if let match = SecretDetector.knownFormat(in: text) {
            if match.isPublic {
                report(file, at: literal, "\(match.description) is hard-coded; fine if it really is the publishable key", severity: .info)
            } else {
                report(file, at: literal, "\(match.description) is hard-coded and readable by anyone with the app; revoke it and keep it server-side")
            }
            return
        }
        guard !interpolated, let name = Self.assignedName(of: literal), SensitiveName.isSensitive(name),
              SecretDetector.looksRandom(text), !SecretDetector.isPlaceholder(text) else { return }
        report(file, at: literal, "'\(name)' holds a hard-coded high-entropy secret; keep it server-side or fetch it at runtime",
               severity: .high)
    }

    /// The name the literal is given: variable, property, enum case, parameter default, argument label,
    /// dictionary key, HTTP header or defaults key, or the computed property / function returning it.
    static func assignedName(of literal: StringLiteralExprSyntax) -> String? {
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
           assignment.value.id == literal.id {
            return assignment.target.lastName
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
            guard n.is(ReturnStmtSyntax.self) || n.is(CodeBlockItemSyntax.self) || n.is(CodeBlockItemListSyntax.self)
                || n.is(AccessorBlockSyntax.self) || n.is(CodeBlockSyntax.self) || n.is(AccessorDeclSyntax.self)
                || n.is(AccessorDeclListSyntax.self) else { return nil }
            current = n.parent
            hops += 1
        }
        return nil
    }
}
