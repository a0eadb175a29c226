import SwiftSyntax

/// `auth.biometry-any`: a Keychain item's biometric protection that survives a change of enrolled fingers or faces.
struct BiometryAnyRule: SwiftRule {
    static let description = RuleDescription(
        id: "auth.biometry-any",
        title: "Biometric access control that survives new enrolments",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-AUTH-2",
        cwe: 287,
        owasp: OWASPReference("MASWE-0022", beta: "MASWE-0046", mastg: ["MASTG-TEST-0270", "MASTG-TEST-0271"], .exact),
        rationale: """
            `.biometryAny` (and the older `.touchIDAny`) keep releasing the item after a new finger or face is \
            enrolled, so anyone who learns the passcode can add their own face and then read the secret with it. \
            `.userPresence` accepts the passcode alone. `.biometryCurrentSet` invalidates the item when the set of \
            enrolled biometrics changes, which is what protects high-value secrets; the app then asks for the \
            password again and re-creates the item.
            """,
        fix:
            "Protect high-value items with .biometryCurrentSet (optionally [.biometryCurrentSet, .or, .devicePasscode]) and handle the invalidated item by signing in again.",
        fixExample: """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         .biometryCurrentSet, nil)!
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (SecAccessControlRef)vaultAccess {
                    return SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓kSecAccessControlTouchIDAny, NULL);
                }
                """, path: "App/VaultKeyStore.m"),
            RuleExample(
                "let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, ↓.biometryAny, nil)"
            ),
            RuleExample(
                "let access = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.userPresence, &error)"
            ),
            RuleExample(
                """
                let flags: SecAccessControlCreateFlags = [.touchIDAny, .or, .devicePasscode]
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, ↓flags, nil)
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (SecAccessControlRef)vaultAccess {
                    SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage;
                    return SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, NULL);
                }
                """, path: "App/VaultKeyStore.m"),
            RuleExample(
                "let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)"
            ),
            RuleExample(
                """
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                             [.biometryCurrentSet, .or, .devicePasscode], &error)
                """),
            RuleExample(
                "let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .devicePasscode, nil)"
            )
        ]
    )

    static let subscription = Subscription(
        calls: .named(["SecAccessControlCreateWithFlags"]))

    private static let weakFlags: [String: String] = [
        "biometryAny": ".biometryAny keeps working after someone enrols a new face or finger",
        "touchIDAny": ".touchIDAny keeps working after someone enrols a new finger",
        "userPresence": ".userPresence accepts the device passcode alone, and any enrolled biometry"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "SecAccessControlCreateWithFlags",
            call.arguments.count >= 3
        else { return }
        let flagsArgument = call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: 2)].expression
        var flags = flagsArgument.unwrapped
        if flags.is(DeclReferenceExprSyntax.self), let origin = LocalValue.origin(of: flags) {
            flags = origin.unwrapped
        }
        let names = flags.tokens(viewMode: .sourceAccurate).map(\.text)
        guard !names.contains("biometryCurrentSet"), !names.contains("touchIDCurrentSet"),
            let weak = names.lazy.compactMap({ Self.weakFlags[$0] }).first
        else { return }
        report(file, at: flagsArgument, "\(weak); use .biometryCurrentSet for high-value items")
    }
}
