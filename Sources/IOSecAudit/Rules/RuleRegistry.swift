/// Every rule iosec knows, in one place: the CLI lists them, tests walk them, suppressions check ids
/// against them.
public enum RuleRegistry {
    /// Rules over Swift syntax trees, run together in one walk per file.
    public static let swiftRules: [any SwiftRule.Type] = [
        BiometricBoolGateRule.self,  // auth.biometric-bool-gate
        PasskeyLocalChallengeRule.self,  // auth.passkey-local-challenge
        PasskeyUserIDPIIRule.self,  // auth.passkey-user-id-pii
        BiometryAnyRule.self,  // auth.biometry-any
        BiometricNoFallbackRule.self,  // auth.biometric-no-fallback
        WeakLocalAuthRule.self,  // auth.weak-local-auth
        DebugLoggingRule.self,  // code.debug-logging
        FormatStringRule.self,  // code.format-string
        SQLInjectionRule.self,  // code.sql-injection
        PathInjectionRule.self,  // code.path-injection
        PredicateInjectionRule.self,  // code.predicate-injection
        XMLExternalEntitiesRule.self,  // code.xml-external-entities
        HardcodedKeyRule.self,  // crypto.hardcoded-key
        InsecureRandomRule.self,  // crypto.insecure-random
        WeakCipherRule.self,  // crypto.weak-cipher
        ThirdPartySDKPIIRule.self,  // privacy.third-party-sdk-pii
        WeakHashRule.self,  // crypto.weak-hash
        WeakKDFRule.self,  // crypto.weak-kdf
        WeakKeySizeRule.self,  // crypto.weak-key-size
        CleartextURLRule.self,  // network.cleartext-url
        SecretInURLRule.self,  // network.secret-in-url
        TLSVersionRule.self,  // network.tls-version
        TLSMaxVersionRule.self,  // network.tls-max-version
        TrustAllRule.self,  // network.trust-all
        UIWebViewRule.self,  // platform.uiwebview
        URLSchemeUnvalidatedRule.self,  // platform.url-scheme-unvalidated
        WebViewFileAccessRule.self,  // platform.webview-file-access
        WebViewHTMLInjectionRule.self,  // platform.webview-html-injection
        WebViewJavaScriptRule.self,  // platform.webview-js
        WebViewLockdownDisabledRule.self,  // platform.webview-lockdown-disabled
        DebuggerCheckRule.self,  // resilience.debugger-check
        JailbreakDetectionWeakRule.self,  // resilience.jailbreak-detection-weak
        HardcodedSecretRule.self,  // secrets.hardcoded
        FileProtectionWeakRule.self,  // storage.file-protection-weak
        KeychainAccessibilityRule.self,  // storage.keychain-accessibility
        KeychainAddOnlyAttributeUpdateRule.self,  // keychain.add-only-attribute-update
        KeychainDeleteOnReadFailureRule.self,  // keychain.delete-on-read-failure
        KeychainDeleteThenAddRule.self,  // keychain.delete-then-add
        KeychainErroneousAttributeRule.self,  // keychain.erroneous-attribute
        KeychainQueryReuseRule.self,  // keychain.query-reuse
        LogSensitiveRule.self,  // storage.log-sensitive
        DatabaseUnencryptedRule.self,  // storage.database-unencrypted
        PasteboardRule.self,  // storage.pasteboard
        PlaintextFileRule.self,  // storage.plaintext-file
        UserDefaultsSecretRule.self,  // storage.userdefaults-secret
        WebViewCacheRule.self,  // storage.webview-cache
        KeyboardCacheSwiftMatcher.self  // storage.keyboard-cache, in SwiftUI and alert text fields
    ]

    /// Visitors that record facts from Swift for project rules (they report nothing themselves).
    public static let swiftFactCollectors: [any SwiftVisitor.Type] = [
        RequiredReasonAPICollector.self,
        UsageDescriptionAPICollector.self,
        PasskeyAPICollector.self,
        PasskeyRelyingPartyCollector.self,
        PasskeyCeremonyCollector.self,
        NetworkCollector.self,
        SnapshotFactCollector.self,
        CoreDataProtectionCollector.self,
        DocumentsDataCollector.self,
        AppCapabilityCollector.self  // for the audit checklist
    ]

    /// Rules over plists, entitlements, privacy manifests, association files, pbxproj and xcconfig files.
    public static let artifactRules: [any ArtifactRule.Type] = [
        ATSArbitraryLoadsRule.self,  // network.ats-arbitrary-loads
        FileSharingRule.self,  // storage.file-sharing
        KeyboardCacheRule.self,  // storage.keyboard-cache
        HardcodedSecretPlistMatcher.self,  // secrets.hardcoded, in bundled plists
        HardcodedSecretKeyFileMatcher.self,  // secrets.hardcoded, private keys in .pem / .key / .p12 files
        HardcodedSecretJSONMatcher.self,  // secrets.hardcoded, in a built app's JSON files
        HardcodedSecretDatabaseMatcher.self,  // secrets.hardcoded, in a built app's databases
        ATSExceptionInsecureRule.self,  // network.ats-exception-insecure
        AASADevAppIDRule.self,  // platform.aasa-dev-app-id
        AASAInvalidRule.self,  // platform.aasa-invalid
        ManifestInvalidRule.self,  // privacy.manifest-invalid
        // Embedded provisioning profiles of built apps.
        ProvisioningDevelopmentRule.self,  // binary.provisioning-development
        ProfileExpiredRule.self  // binary.profile-expired
    ]

    /// Objective-C, Objective-C++ and C: matchers sharing the Swift rule's description, and C-only rules.
    static let objcRules: [any ObjCRule.Type] = [
        UserDefaultsSecretObjCMatcher.self,
        WeakHashObjCMatcher.self,
        WeakCipherObjCMatcher.self,
        WeakKeySizeObjCMatcher.self,
        SecretInURLObjCMatcher.self,
        WebViewHTMLInjectionObjCMatcher.self,
        FileProtectionWeakObjCMatcher.self,
        KeychainAccessibilityObjCMatcher.self,
        UIWebViewObjCMatcher.self,
        CleartextURLObjCMatcher.self,
        LogSensitiveObjCMatcher.self,
        WeakLocalAuthObjCMatcher.self,
        TrustAllObjCMatcher.self,
        HardcodedSecretObjCMatcher.self,
        InsecureRandomObjCMatcher.self,
        SQLInjectionObjCMatcher.self,
        PasteboardObjCMatcher.self,
        BiometricNoFallbackObjCMatcher.self,
        JailbreakDetectionWeakObjCMatcher.self,
        PlaintextFileObjCMatcher.self,
        DatabaseUnencryptedObjCMatcher.self,
        URLSchemeUnvalidatedObjCMatcher.self,
        DebugLoggingObjCMatcher.self,
        WeakKDFObjCMatcher.self,
        WebViewFileAccessObjCMatcher.self,
        WebViewJavaScriptObjCMatcher.self,
        WebViewLockdownDisabledObjCMatcher.self,
        BiometricBoolGateObjCMatcher.self,
        KeyboardCacheObjCMatcher.self,
        BiometryAnyObjCMatcher.self,
        ThirdPartySDKPIIObjCMatcher.self,
        FormatStringObjCMatcher.self,
        TLSVersionObjCMatcher.self,
        TLSMaxVersionObjCMatcher.self,
        DebuggerCheckObjCMatcher.self,
        HardcodedKeyObjCMatcher.self,
        KeychainDeleteThenAddObjCMatcher.self,
        KeychainDeleteOnReadFailureObjCMatcher.self,
        KeychainQueryReuseObjCMatcher.self,
        KeychainAddOnlyAttributeUpdateObjCMatcher.self,
        KeychainErroneousAttributeObjCMatcher.self,
        WebViewCacheObjCMatcher.self,
        PasskeyLocalChallengeObjCMatcher.self,
        PasskeyUserIDPIIObjCMatcher.self,
        UnsafeCFunctionRule.self
    ]

    /// Rules that combine facts across files.
    public static let projectRules: [any ProjectRule.Type] = [
        RequiredReasonAPIRule.self,
        UsageDescriptionRule.self,
        EntitlementsDebugRule.self,
        DebugBuildSettingsRule.self,  // code.debug-build-settings
        AssociatedDomainsDeveloperModeRule.self,
        PasskeysWithoutWebCredentialsRule.self,
        PasskeyRPIDMismatchRule.self,  // platform.passkey-rp-id-mismatch
        AASAAppIDMissingRule.self,  // platform.aasa-app-id-missing
        EnhancedSecurityWeakenedRule.self,  // platform.enhanced-security-weakened
        PinningMissingRule.self,
        ScreenshotRule.self,
        CoreDataModelMatcher.self  // storage.database-unencrypted, from Core Data models
    ]

    /// Rules over built binaries (Mach-O executables and frameworks of an .app, .ipa or .xcarchive).
    public static let binaryRules: [any BinaryRule.Type] = [
        NoPIERule.self,  // binary.no-pie
        NoStackCanaryRule.self,  // binary.no-stack-canary
        NoARCRule.self,  // binary.no-arc
        NotStrippedRule.self,  // binary.not-stripped
        InjectedLibraryRule.self,  // binary.injected-library
        WeakAPIRule.self,  // binary.weak-api
        RPathUnsafeRule.self,  // binary.rpath-unsafe
        EncryptedBinaryRule.self,  // binary.encrypted
        DebugEntitlementRule.self,  // binary.debug-entitlement
        EntitlementsProfileMismatchRule.self,  // binary.entitlements-profile-mismatch
        UIWebViewBinaryMatcher.self,  // platform.uiwebview, from the class symbol
        HardcodedSecretBinaryMatcher.self,  // secrets.hardcoded, in C strings
        CleartextURLBinaryMatcher.self,  // network.cleartext-url, in C strings
        SDKPrivacyManifestMissingRule.self,  // privacy.sdk-manifest-missing, per embedded framework
        FrameworkRequiredReasonRule.self,  // privacy.framework-required-reason, per embedded framework
        EnhancedSecurityBinaryMatcher.self  // platform.enhanced-security-weakened, from the signed entitlements
    ]

    /// Every rule's description, once per id (a rule may match in Swift and in a file kind of its own, sharing
    /// one description), sorted by id.
    public static let all: [RuleDescription] = unique(
        swiftRules.map { $0.description } + artifactRules.map { $0.description } + objcRules.map { $0.description }
            + projectRules.map { $0.description } + binaryRules.map { $0.description })

    /// One description per id, sorted.
    static func unique(_ descriptions: [RuleDescription]) -> [RuleDescription] {
        var seen: Set<String> = []
        return descriptions.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public static let allIds: Set<String> = Set(all.map(\.id))

    public static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id }
    }
}

/// A selection of rules to run. `RuleSet.all` is what a scan uses; tests narrow it to one rule.
public struct RuleSet: Sendable {
    public var swift: [any SwiftRule.Type]
    public var factCollectors: [any SwiftVisitor.Type]
    public var artifact: [any ArtifactRule.Type]
    var objc: [any ObjCRule.Type]
    public var project: [any ProjectRule.Type]
    public var binary: [any BinaryRule.Type]

    public init(
        swift: [any SwiftRule.Type], factCollectors: [any SwiftVisitor.Type], artifact: [any ArtifactRule.Type],
        project: [any ProjectRule.Type], binary: [any BinaryRule.Type] = []
    ) {
        self.init(
            swift: swift, factCollectors: factCollectors, artifact: artifact, objc: [], project: project,
            binary: binary)
    }

    init(
        swift: [any SwiftRule.Type], factCollectors: [any SwiftVisitor.Type], artifact: [any ArtifactRule.Type],
        objc: [any ObjCRule.Type], project: [any ProjectRule.Type], binary: [any BinaryRule.Type]
    ) {
        self.swift = swift
        self.factCollectors = factCollectors
        self.artifact = artifact
        self.objc = objc
        self.project = project
        self.binary = binary
    }

    public static let all = RuleSet(
        swift: RuleRegistry.swiftRules, factCollectors: RuleRegistry.swiftFactCollectors,
        artifact: RuleRegistry.artifactRules, objc: RuleRegistry.objcRules, project: RuleRegistry.projectRules,
        binary: RuleRegistry.binaryRules)

    /// No rules: a scan still reads, parses and walks every file (what the benchmark compares rules against).
    public static let none = RuleSet(swift: [], factCollectors: [], artifact: [], project: [])

    /// Only the rule with this id (fact collectors stay: project rules need their facts).
    public func only(_ id: String) -> RuleSet {
        only([id])
    }

    /// Only the rules with these ids, e.g. to test a reporter without project rules joining in.
    public func only(_ ids: Set<String>) -> RuleSet {
        filtered { ids.contains($0) }
    }

    /// The rules whose id `keep` accepts; fact collectors stay, since project rules need their facts.
    func filtered(_ keep: (String) -> Bool) -> RuleSet {
        RuleSet(
            swift: swift.filter { keep($0.description.id) }, factCollectors: factCollectors,
            artifact: artifact.filter { keep($0.description.id) }, objc: objc.filter { keep($0.description.id) },
            project: project.filter { keep($0.description.id) }, binary: binary.filter { keep($0.description.id) })
    }

    /// The Swift visitors that take part in the walk.
    var swiftVisitors: [any SwiftVisitor.Type] { swift.map { $0 as any SwiftVisitor.Type } + factCollectors }

    public var descriptions: [RuleDescription] {
        RuleRegistry.unique(
            swift.map { $0.description } + artifact.map { $0.description } + objc.map { $0.description }
                + project.map { $0.description } + binary.map { $0.description })
    }
}
