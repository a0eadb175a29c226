import SwiftSyntax

/// `auth.passkey-local-challenge`: a passkey registration or assertion request whose challenge is a literal or
/// is made on the device, so the server cannot tell a fresh ceremony from a replayed one.
struct PasskeyLocalChallengeRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.passkey-local-challenge",
        title: "Passkey challenge made on the device",
        severity: .high,
        confidence: .medium,
        masvs: "MASVS-AUTH-2",
        cwe: 294, owasp: OWASPReference("MASWE-0018", beta: "MASWE-0033", mastg: [], .related),
        rationale: """
            WebAuthn's challenge is the server's nonce: the relying party makes it, remembers it, and accepts a \
            signed assertion only if it contains that exact value once. A challenge that is a literal or is generated \
            in the app (UUID, SecRandomCopyBytes, .random) is one the server never issued; either the server does \
            not check it, and any captured assertion can be replayed, or the app's passkey flow cannot work against a \
            correct server. Registration has the same rule for the attestation challenge.
            """,
        fix:
            "Fetch the challenge (and, for registration, the user ID) from the relying party's begin-ceremony endpoint and pass those bytes to the request; verify the returned clientDataJSON's challenge on the server.",
        fixExample: """
            let options = try await api.beginAssertion()               // server-issued, single use
            let request = provider.createCredentialAssertionRequest(challenge: options.challenge)
            """,
        triggeringExamples: [
            // iOS 26 account creation with a challenge made on the device.
            RuleExample(
                """
                let request = ASAuthorizationAccountCreationProvider().createPlatformPublicKeyCredentialRegistrationRequest(
                    acceptedContactIdentifiers: [.email, .phoneNumber], shouldRequestName: false,
                    relyingPartyIdentifier: "acme.example.com", ↓challenge: Data(UUID().uuidString.utf8), userID: userID)
                """),
            RuleExample(
                """
                let request = provider.createCredentialAssertionRequest(↓challenge: Data(UUID().uuidString.utf8))
                """),
            RuleExample(
                """
                func register(name: String, userID: Data) {
                    var challenge = Data(count: 32)
                    _ = challenge.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 32, $0.baseAddress!) }
                    let request = provider.createCredentialRegistrationRequest(↓challenge: challenge, name: name, userID: userID)
                    controller(for: request).performRequests()
                }
                """),
            RuleExample(
                #"let request = provider.createCredentialAssertionRequest(↓challenge: "static-challenge".data(using: .utf8)!)"#
            ),
            RuleExample(
                """
                let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
                let request = securityKeyProvider.createCredentialAssertionRequest(↓challenge: Data(bytes))
                """),
            RuleExample(
                """
                - (void)registerAccount:(ACMAccount *)account {
                    NSMutableData *challenge = [NSMutableData dataWithLength:32];
                    SecRandomCopyBytes(kSecRandomDefault, challenge.length, challenge.mutableBytes);
                    id request = [self.provider createCredentialRegistrationRequestWithChallenge:↓challenge name:account.displayName userID:account.handle];
                }
                - (void)signIn {
                    NSData *challenge = [[[NSUUID UUID] UUIDString] dataUsingEncoding:NSUTF8StringEncoding];
                    id request = [self.provider createCredentialAssertionRequestWithChallenge:↓challenge];
                }
                """, path: "App/ACMPasskeys.m")
        ],
        nonTriggeringExamples: [
            // Account creation with the server's challenge and an opaque handle.
            RuleExample(
                """
                let request = ASAuthorizationAccountCreationProvider().createPlatformPublicKeyCredentialRegistrationRequest(
                    acceptedContactIdentifiers: [.email], shouldRequestName: true,
                    relyingPartyIdentifier: options.rp.id, challenge: options.challenge, userID: options.user.id)
                """),
            RuleExample(
                """
                let options = try await api.beginAssertion()
                let request = provider.createCredentialAssertionRequest(challenge: options.challenge)
                """),
            RuleExample(
                """
                func register(with response: RegistrationOptions) {
                    let challenge = Data(base64URLEncoded: response.challenge)!
                    let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: response.user.name, userID: response.user.id)
                }
                """),
            RuleExample(
                """
                let json = try JSONSerialization.jsonObject(with: body) as! [String: String]
                let request = provider.createCredentialAssertionRequest(challenge: Data(base64Encoded: json["challenge"]!)!)
                """),
            RuleExample(
                "func makeRequest(challenge: Data) -> ASAuthorizationRequest { provider.createCredentialAssertionRequest(challenge: challenge) }"
            ),
            RuleExample(
                """
                - (void)registerWithOptions:(ACMRegistrationOptions *)options {
                    id request = [self.provider createCredentialRegistrationRequestWithChallenge:options.challenge
                                                                                            name:options.userName
                                                                                          userID:options.userHandle];
                    NSData *challenge = [[NSData alloc] initWithBase64EncodedString:response[@"challenge"] options:0];
                    id assertion = [self.provider createCredentialAssertionRequestWithChallenge:challenge];
                }
                """, path: "App/ACMPasskeys.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named([
            "createCredentialAssertionRequest", "createCredentialRegistrationRequest",
            "createPlatformPublicKeyCredentialRegistrationRequest"
        ]))

    /// Identifiers that mean the bytes were made on the device.
    private static let localSources: Set<String> = [
        "UUID", "SecRandomCopyBytes", "arc4random", "arc4random_buf", "arc4random_uniform", "random", "randomElement",
        "SystemRandomNumberGenerator", "SymmetricKey"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let argument = call.arguments.first(where: { $0.label?.text == "challenge" }),
            let source = Self.localSource(of: argument.expression)
        else { return }
        report(
            file, at: argument,
            "the passkey challenge is \(source), not a value the server issued and will check; fetch it from the relying party"
        )
    }

    /// What makes the challenge local, following locals a few steps back; nil when it may come from the server.
    static func localSource(of expr: ExprSyntax) -> String? {
        var current: ExprSyntax? = expr
        var steps = 0
        while let e = current?.unwrapped, steps < 4 {
            if isLiteralData(e) { return "a literal" }
            if isFreshBuffer(e) { return "a buffer filled in the app" }
            for token in e.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind else { continue }
                if localSources.contains(text) || text.lowercased().hasPrefix("random")
                    || text.hasPrefix("generateRandom")
                {
                    return text == "UUID" ? "made from a UUID on the device" : "random bytes made on the device"
                }
            }
            // `Data(bytes)`: follow `bytes`.
            if let call = e.as(FunctionCallExprSyntax.self), ["Data", "Array"].contains(call.calledName ?? ""),
                call.arguments.count == 1, let only = call.arguments.first, only.label == nil
            {
                current = LocalValue.origin(of: only.expression)
            } else {
                current = LocalValue.origin(of: e)
            }
            steps += 1
        }
        return nil
    }

    /// `"…"`, `Data("…".utf8)`, `"…".data(using: .utf8)!`.
    static func isLiteralData(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) { return true }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "utf8",
            let base = member.base
        {
            return base.unwrapped.is(StringLiteralExprSyntax.self)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if ["Data", "Array"].contains(call.calledName ?? ""), call.arguments.count == 1,
                let only = call.arguments.first?.expression
            {
                return isLiteralData(only)
            }
            if call.calledName == "data", let base = call.calledBase {
                return base.unwrapped.is(StringLiteralExprSyntax.self)
            }
        }
        return false
    }

    /// `Data(count: 32)`, `[UInt8](repeating: 0, count: 32)`: bytes the app fills itself.
    static func isFreshBuffer(_ expr: ExprSyntax) -> Bool {
        guard let call = expr.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        let labels = call.argumentLabels
        return labels == ["count"] || labels == ["repeating", "count"]
    }
}
