import IOSecCore
import SwiftSyntax

/// `auth.biometric-bool-gate`: the success Bool of `LAContext.evaluatePolicy` is the only thing between the user
/// and what the biometric check protects.
struct BiometricBoolGateRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.biometric-bool-gate",
        title: "Biometric check whose Bool is the only gate",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-AUTH-2",
        cwe: 287,
        owasp: OWASPReference("MASWE-0020", beta: "MASWE-0044", mastg: ["MASTG-TEST-0266", "MASTG-TEST-0267"], .exact),
        rationale: """
            `evaluatePolicy` only answers true or false to the app; nothing is unlocked cryptographically. On a \
            jailbroken device, or with a debugger attached, one hook (Frida, Objection's `ios ui biometrics_bypass`) \
            makes the reply say true and the protected screen, session or secret opens without a face or finger. \
            When the secret itself lives in a Keychain item created with `SecAccessControl` (`.biometryCurrentSet` \
            or `.userPresence`), the Secure Enclave releases it only after a real match, and no hook can fake that.

            A gate is medium when the code it lets run (the reply closure or block, the rest of the function after \
            an awaited call, and the same-file functions they call) reads the Keychain, decrypts, or handles a named \
            credential (`password`, `accessToken`, `privateKey`). A lock whose protected content is decided \
            elsewhere (a completion handler, an `isUnlocked` flag a view reads) is low confidence: often a privacy \
            screen with no secret behind it, shown with `--min-confidence low`.
            """,
        fix:
            "Keep what the check protects in a Keychain item with SecAccessControlCreateWithFlags(…, .biometryCurrentSet, …) and read it with the LAContext as kSecUseAuthenticationContext; the read succeeding is the gate (IOSecKit's BiometricSecretStore).",
        fixExample: """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)!
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrAccount as String: "vault-key",
                kSecReturnData as String: true,
                kSecUseAuthenticationContext as String: context,
            ]
            var item: CFTypeRef?
            guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return }  // the gate
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context ↓evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock your vault"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) {
                            NSString *password = [SAMKeychain passwordForService:@"acme" account:self.user];
                            [self signInWithPassword:password];
                        }
                    }];
                }
                """, path: "App/LockViewController.m",
                findings: [FindingSpec(confidence: .medium, message: "grants access to 'password'")]),
            // What the lock shows is decided elsewhere: a lock to know about, low confidence.
            RuleExample(
                """
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context ↓evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock your vault"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) { dispatch_async(dispatch_get_main_queue(), ^{ [self showVault]; }); }
                    }];
                }
                """, path: "App/VaultLockViewController.m", findings: [FindingSpec(confidence: .low)]),
            // The same file's helper reads the vault key.
            RuleExample(
                """
                func unlock() {
                    let context = LAContext()
                    context.↓evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your vault") { success, _ in
                        if success { DispatchQueue.main.async { self.openVault() } }
                    }
                }
                private func openVault() {
                    let vaultKey = keychain.data(forKey: "vault-key")
                    vault.open(with: vaultKey)
                }
                """, findings: [FindingSpec(confidence: .medium, message: "grants access to a Keychain item")]),
            RuleExample(
                """
                func unlock() {
                    let context = LAContext()
                    context.↓evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your vault") { success, _ in
                        if success { DispatchQueue.main.async { self.showVault() } }
                    }
                }
                """, findings: [FindingSpec(confidence: .low, message: "decides this lock")]),
            RuleExample(
                """
                func authenticate(completion: @escaping (Bool) -> Void) {
                    LAContext().↓evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in") { ok, _ in completion(ok) }
                }
                """, findings: [FindingSpec(confidence: .low)]),
            RuleExample(
                """
                func login() async throws {
                    let granted = try await context.↓evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
                    guard granted else { return }
                    session.restore(refreshToken: storedRefreshToken)
                }
                """, findings: [FindingSpec(confidence: .medium, message: "grants access to 'refreshToken'")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Unlock your vault"
                                      reply:^(BOOL success, NSError *error) {
                        if (success) { [self readVaultKeyWithContext:context]; }
                    }];
                }
                - (NSData *)readVaultKeyWithContext:(LAContext *)context {
                    NSDictionary *query = @{(__bridge id)kSecUseAuthenticationContext: context};
                    return [self copyItem:query];
                }
                """, path: "App/LockViewController.m"),
            // The item's access control is set where the Keychain wrapper stores it; the evaluated context goes
            // to the read, which the Keychain refuses without a real match.
            RuleExample(
                """
                - (void)signInWithBiometrics {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign in"
                                      reply:^(BOOL success, NSError *error) {
                        if (!success) { return; }
                        NSData *credentials = [[ACMKeychain shared] protectedDataForAccount:@"login" context:context];
                        [self signInWithCredentials:credentials];
                    }];
                }
                """, path: "App/ACMLoginViewController.m"),
            RuleExample(
                """
                func unlockWithBiometrics() async throws {
                    let context = LAContext()
                    _ = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
                    try session.unlockWithBiometrics(context: context)
                }
                """),
            RuleExample(
                """
                func signIn(completion: @escaping (Credentials?) -> Void) {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") { success, _ in
                        guard success else { return completion(nil) }
                        completion(self.credentialStore.readCredentials(authenticatedBy: context))
                    }
                }
                """),
            RuleExample(
                """
                - (void)checkBiometrics {
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Confirm"
                                      reply:^(BOOL ok, NSError *error) { [self log:@"evaluated"]; }];
                }
                """, path: "App/Probe.m"),
            RuleExample(
                """
                // The Keychain item is the gate: the Secure Enclave releases it only after a real match.
                func unlock() {
                    let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
                        guard success else { return }
                        self.readVaultKey(using: self.context, access: access)
                    }
                }
                """),
            RuleExample(
                """
                if context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) { showBiometricOption() }
                """),
            RuleExample(
                """
                context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Confirm") { _, error in
                    if let error { log(error) }
                }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["evaluatePolicy"]),
        // Signs of a Keychain item bound to biometrics somewhere in the file.
        references: [
            "SecAccessControlCreateWithFlags", "kSecAttrAccessControl", "kSecUseAuthenticationContext",
            "evaluateAccessControl",
            "BiometricSecretStore"
        ])

    /// Each gate with the code it lets run: the reply closure, or the function the awaited call is in.
    private var gates: [(anchor: Syntax, gated: Syntax?)] = []
    private var bindsKeychain = false

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        bindsKeychain = true
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "evaluatePolicy" else { return }
        let anchor = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
        let context = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.lastName
        if let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) {
            if Self.closureGatesOnResult(closure),
                !Self.handsOn(context, in: Syntax(closure.statements))
            {
                gates.append((anchor, Syntax(closure.statements)))
            }
        } else if Self.isAwaitedWithTry(call) || Self.resultIsTested(call) {
            // `try await context.evaluatePolicy(…)` throws on failure: carrying on is the gate. `let ok = …; guard ok`.
            let body = call.enclosingBody.map(Syntax.init)
            if let body, Self.handsOn(context, in: body) { return }
            gates.append((anchor, body))
        }
    }

    mutating func finish(in file: SwiftFile) {
        guard !bindsKeychain else { return }
        for gate in gates {
            if let secret = gate.gated.flatMap({ SameFileReach.first(from: [$0], in: file, depth: 2, Self.secret) }) {
                report(
                    file, at: gate.anchor,
                    "the evaluatePolicy result alone grants access to \(secret), and a hook can make it say true; keep the secret in a Keychain item with biometric SecAccessControl and let reading it be the gate"
                )
            } else {
                // An app lock whose protected content is decided elsewhere: often a privacy screen with no secret.
                report(
                    file, at: gate.anchor,
                    "the evaluatePolicy result alone decides this lock, and a hook can make it say true; if it guards a secret or a session, keep that in a Keychain item with biometric SecAccessControl and let reading it be the gate",
                    confidence: .low)
            }
        }
    }

    /// What the gated code reaches that is worth a bypass: a Keychain read, a decryption, a named credential.
    private static func secret(in code: Syntax) -> String? {
        for token in code.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            if let secret = secret(named: text) { return secret }
        }
        return nil
    }

    /// One identifier's share of that, for Swift and Objective-C alike.
    static func secret(named text: String) -> String? {
        if text == "SecItemCopyMatching" || text.lowercased().contains("keychain") { return "a Keychain item" }
        if text.lowercased().hasPrefix("decrypt") || text == "SymmetricKey" { return "a decryption key" }
        if SensitiveName.isSpecificCredential(text) { return "'\(text)'" }
        return nil
    }

    /// The evaluated LAContext handed as an argument to code after the check (`vault.readKey(context: context)`,
    /// `self.readKey(using: self.context)`): what reads the protected item gets the authenticated context, which a
    /// Keychain read takes as `kSecUseAuthenticationContext`, so the read is bound to the evaluation wherever that
    /// code is.
    static func handsOn(_ context: String?, in code: Syntax) -> Bool {
        guard let context else { return false }
        return code.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == context, var node = token.parent.map(Syntax.init), node.is(DeclReferenceExprSyntax.self)
            else { return false }
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                node = Syntax(member)
            }
            return node.parent?.is(LabeledExprSyntax.self) == true
        }
    }

    /// The closure's first parameter (the success Bool) is tested or handed on.
    private static func closureGatesOnResult(_ closure: ClosureExprSyntax) -> Bool {
        guard let parameters = closure.signature?.parameterClause else { return false }
        let name: String?
        if let simple = parameters.as(ClosureShorthandParameterListSyntax.self) {
            name = simple.first?.name.text
        } else if let full = parameters.as(ClosureParameterClauseSyntax.self) {
            name = full.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        } else {
            name = nil
        }
        guard let name, name != "_" else { return false }
        return closure.statements.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
    }

    private static func isAwaitedWithTry(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call).parent
        while let n = current, !n.is(CodeBlockItemSyntax.self) {
            if let t = n.as(TryExprSyntax.self) { return t.questionOrExclamationMark == nil }
            current = n.parent
        }
        return false
    }

    /// `let ok = try await context.evaluatePolicy(…)` followed by a use, or the call inside a condition.
    private static func resultIsTested(_ call: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(call).parent
        while let n = current, !n.is(CodeBlockItemSyntax.self) {
            if n.is(ConditionElementSyntax.self) { return true }
            if let binding = n.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let body = call.enclosingBody
            {
                return body.tokens(viewMode: .sourceAccurate).contains {
                    $0.text == name && $0.position > call.endPosition
                }
            }
            current = n.parent
        }
        return false
    }
}
