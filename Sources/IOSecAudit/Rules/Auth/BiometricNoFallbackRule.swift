import SwiftSyntax

/// `auth.biometric-no-fallback`: biometric authentication with no way to fall back to the device passcode.
struct BiometricNoFallbackRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.biometric-no-fallback",
        title: "Biometric authentication without passcode fallback",
        severity: .low,
        // The app may offer its own way in elsewhere (a PIN screen its caller falls back to): not visible here.
        confidence: .low,
        masvs: "MASVS-AUTH-2",
        cwe: 287, owasp: OWASPReference("MASWE-0020", beta: "MASWE-0034", mastg: [], .related),
        rationale: """
            With .deviceOwnerAuthenticationWithBiometrics, a user whose Face ID or Touch ID is locked out, \
            unenrolled, or unusable (mask, gloves, injury) has no way in, and apps then tend to add weaker escape \
            hatches of their own. Setting localizedFallbackTitle to an empty string removes the fallback button \
            on purpose. For actions that must require biometrics, protect the Keychain item with \
            SecAccessControl(.biometryCurrentSet) and suppress this finding with a reason.

            Biometrics alone fails closed: what is lost is a way in, not protection, and apps often keep their own \
            PIN or passcode screen one call away. Findings are low confidence, shown with `--min-confidence low`.
            """,
        fix:
            "Evaluate .deviceOwnerAuthentication so the system offers the passcode, or handle LAError.userFallback with your own sign-in.",
        fixExample: """
            let context = LAContext()
            context.localizedFallbackTitle = "Use Passcode"
            try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault")
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:↓LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) { [self finish:success]; }];
                }
                """, path: "App/Lock.m"),
            RuleExample(
                """
                // The passcode path of one screen does not help another.
                final class SettingsUnlock {
                    func unlock() { LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Show settings") { _, _ in } }
                }
                final class QuickUnlock {
                    func unlock(done: @escaping (Bool) -> Void) {
                        let ctx = LAContext()
                        ctx.evaluatePolicy(↓.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { ok, _ in done(ok) }
                    }
                }
                """),
            RuleExample(
                """
                context.evaluatePolicy(↓.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your vault") { success, _ in
                    if success { self.unlock() }
                }
                """),
            RuleExample(
                """
                func authenticate() async throws {
                    let context = LAContext()
                    ↓context.localizedFallbackTitle = ""
                    try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason)
                }
                """),
            RuleExample(
                """
                func unlock(with context: LAContext) async throws -> Bool {
                    let policy: LAPolicy = .deviceOwnerAuthenticationWithBiometrics
                    return try await context.evaluatePolicy(↓policy, localizedReason: "Sign in to Acme")
                }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)unlock {
                    LAContext *context = [[LAContext alloc] init];
                    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                      reply:^(BOOL success, NSError *error) {
                        if (error.code == LAErrorUserFallback) { [self askForPasscode]; }
                    }];
                }
                """, path: "App/Lock.m"),
            RuleExample(
                #"try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault")"#),
            RuleExample(
                """
                // Face ID icon on the button; the evaluation itself falls back to the passcode.
                var error: NSError?
                let showsFaceID = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
                    && context.biometryType == .faceID
                func unlock() async throws {
                    try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your vault")
                }
                """),
            RuleExample(
                """
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) { success, error in
                    if let error = error as? LAError, error.code == .userFallback {
                        DispatchQueue.main.async { self.showPasswordSignIn() }
                    }
                }
                """),
            RuleExample(
                """
                let canUseBiometrics = LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
                biometricToggle.isHidden = !canUseBiometrics
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["evaluatePolicy"]),
        members: ["deviceOwnerAuthentication", "userFallback"],
        assignments: ["localizedFallbackTitle"])
    static let biometricsOnly = "deviceOwnerAuthenticationWithBiometrics"

    private var biometricsOnlyEvaluations: [ExprSyntax] = []
    private var emptyFallbackTitles: [ExprSyntax] = []
    /// Types (by their declaration's id; nil: file scope) that offer the passcode: `.deviceOwnerAuthentication`
    /// or handling of `LAError.userFallback`. A fallback in one class does not help a screen in another.
    private var typesWithFallback: Set<SyntaxIdentifier?> = []

    private static func scope(of node: some SyntaxProtocol) -> SyntaxIdentifier? {
        node.enclosingTypeDecl.map { Syntax($0).id }
    }

    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        switch member.declName.baseName.text {
        case "deviceOwnerAuthentication", "userFallback": typesWithFallback.insert(Self.scope(of: member))
        default: break
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "evaluatePolicy", let policy = call.arguments.first?.expression,
            Self.isBiometricsOnly(policy)
        else { return }
        biometricsOnlyEvaluations.append(policy)
    }

    mutating func visit(_ assignment: AssignmentExprSyntax, in file: SwiftFile) {
        guard let (target, values) = assignment.targetAndValues,
            target.lastName == "localizedFallbackTitle", values.count == 1,
            values[0].stringLiteralValue == ""
        else { return }
        emptyFallbackTitles.append(target)
    }

    mutating func finish(in file: SwiftFile) {
        // A passcode path at file scope covers the whole file.
        let fileHasFallback = typesWithFallback.contains(nil)
        func hasFallback(_ node: some SyntaxProtocol) -> Bool {
            fileHasFallback || typesWithFallback.contains(Self.scope(of: node))
        }
        // The empty title is the deliberate act; reporting the evaluation too would be the same mistake twice.
        var scopesWithEmptyTitle: Set<SyntaxIdentifier?> = []
        for title in emptyFallbackTitles where !hasFallback(title) {
            scopesWithEmptyTitle.insert(Self.scope(of: title))
            report(
                file, at: title,
                "'localizedFallbackTitle' is empty, which hides the fallback button; keep it or evaluate .deviceOwnerAuthentication"
            )
        }
        for policy in biometricsOnlyEvaluations
        where !hasFallback(policy) && !scopesWithEmptyTitle.contains(Self.scope(of: policy)) {
            report(
                file, at: policy,
                "biometric-only evaluation with no passcode fallback; use .deviceOwnerAuthentication or handle LAError.userFallback"
            )
        }
    }

    /// `.deviceOwnerAuthenticationWithBiometrics`, `LAPolicy.deviceOwnerAuthenticationWithBiometrics`, or a local
    /// initialised with it.
    private static func isBiometricsOnly(_ policy: ExprSyntax) -> Bool {
        let e = policy.unwrapped
        if e.lastName == biometricsOnly { return true }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            return value.lastName == biometricsOnly
        }
        return false
    }
}
