/// Every rule iosec knows, in one place: the CLI lists them, tests walk them, suppressions check ids
/// against them.
public enum RuleRegistry {
    /// Rules over Swift syntax trees, run together in one walk per file.
    public static let swiftRules: [any SwiftRule.Type] = [
        BiometricNoFallbackRule.self,      // auth.biometric-no-fallback
        WeakLocalAuthRule.self,            // auth.weak-local-auth
        DebugLoggingRule.self,             // code.debug-logging
        InsecureRandomRule.self,           // crypto.insecure-random
        UIWebViewRule.self,                // platform.uiwebview
        FileProtectionWeakRule.self,       // storage.file-protection-weak
        KeychainAccessibilityRule.self,    // storage.keychain-accessibility
        LogSensitiveRule.self,             // storage.log-sensitive
        PasteboardRule.self,               // storage.pasteboard
        PlaintextFileRule.self,            // storage.plaintext-file
        UserDefaultsSecretRule.self,       // storage.userdefaults-secret
    ]

    /// Every rule's description, sorted by id.
    public static var all: [RuleDescription] {
        swiftRules.map { $0.description }.sorted { $0.id < $1.id }
    }

    public static let allIds: Set<String> = Set(all.map(\.id))

    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id }
    }
}
