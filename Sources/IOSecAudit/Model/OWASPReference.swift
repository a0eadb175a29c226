/// Where a rule stands in OWASP's Mobile Application Security project: the weakness it finds (MASWE) and the MASTG
/// tests that check it, for teams that file findings against MASVS v2 and MASWE.
///
/// From OWASP's published data, read on 2026-11-29: the weaknesses of OWASP/maswe (MASWE 1.0 numbering; each file's
/// `maswe-beta` mapping gives the id the weakness had in the beta numbering that MASTG's `tests-beta` still use) and
/// the iOS tests of OWASP/owasp-mastg and OWASP/mastg whose `weakness` is that MASWE. `relation` says how close the
/// rule is: `exact` (the rule's finding is an instance of the weakness), `close` (a part of it), `related` (no
/// weakness names the rule's problem; this is the nearest, e.g. the Keychain pitfalls that lose credentials).
public struct OWASPReference: Sendable, Hashable, Codable {
    public enum Relation: String, Sendable, Hashable, Codable { case exact, close, related }

    /// MASWE 1.0 id (`MASWE-0005`).
    public let maswe: String
    /// The id in the beta numbering (`MASWE-0001`), which MASTG's tests-beta and older reports use.
    public let masweBeta: String?
    /// The weakness's title in MASWE 1.0.
    public let title: String
    /// The MASVS v2 control OWASP files the weakness under.
    public let masvs: String
    /// iOS MASTG tests that check the weakness as the rule finds it; empty when none does.
    public let mastg: [String]
    public let relation: Relation

    init(_ maswe: String, beta: String?, mastg: [String], _ relation: Relation) {
        self.maswe = maswe
        masweBeta = beta == maswe ? nil : beta
        title = OWASPReferences.weaknesses[maswe]?.title ?? ""
        masvs = OWASPReferences.weaknesses[maswe]?.masvs ?? ""
        self.mastg = mastg
        self.relation = relation
    }

    /// `MASWE-0005 (beta MASWE-0001)`.
    public var label: String { masweBeta.map { "\(maswe) (beta \($0))" } ?? maswe }

    /// `https://mas.owasp.org/MASWE/…/MASWE-0005/`-style links need the group; the id page is stable.
    public var url: String {
        "https://mas.owasp.org/MASWE/\(masvs.split(separator: "-").prefix(2).joined(separator: "-"))/\(maswe)/"
    }
}

public enum OWASPReferences {
    /// Rule id → its reference. `RuleRegistryTests` checks that every rule has one.
    public static let byRule: [String: OWASPReference] = [
        "auth.biometric-bool-gate": .init(
            "MASWE-0020", beta: "MASWE-0044", mastg: ["MASTG-TEST-0266", "MASTG-TEST-0267"], .exact),
        "auth.biometric-no-fallback": .init("MASWE-0020", beta: "MASWE-0034", mastg: [], .related),
        "auth.biometry-any": .init(
            "MASWE-0022", beta: "MASWE-0046", mastg: ["MASTG-TEST-0270", "MASTG-TEST-0271"], .exact),
        "auth.passkey-local-challenge": .init("MASWE-0018", beta: "MASWE-0033", mastg: [], .related),
        "auth.passkey-user-id-pii": .init("MASWE-0067", beta: "MASWE-0109", mastg: [], .close),
        "auth.weak-local-auth": .init("MASWE-0020", beta: "MASWE-0043", mastg: [], .exact),
        "binary.debug-entitlement": .init("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .exact),
        "binary.encrypted": .init("MASWE-0059", beta: "MASWE-0089", mastg: [], .related),
        "binary.entitlements-profile-mismatch": .init("MASWE-0056", beta: "MASWE-0104", mastg: [], .related),
        "binary.injected-library": .init("MASWE-0049", beta: "MASWE-0085", mastg: [], .close),
        "binary.no-arc": .init("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0230"], .exact),
        "binary.no-pie": .init("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0228"], .exact),
        "binary.no-stack-canary": .init("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0229"], .exact),
        "binary.not-stripped": .init("MASWE-0061", beta: "MASWE-0093", mastg: ["MASTG-TEST-0219"], .exact),
        "binary.profile-expired": .init("MASWE-0063", beta: "MASWE-0067", mastg: [], .related),
        "binary.provisioning-development": .init("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .close),
        "binary.rpath-unsafe": .init("MASWE-0049", beta: "MASWE-0085", mastg: [], .close),
        "binary.weak-api": .init("MASWE-0045", beta: "MASWE-0116", mastg: [], .related),
        "code.debug-build-settings": .init("MASWE-0061", beta: "MASWE-0095", mastg: ["MASTG-TEST-0219"], .close),
        "code.debug-logging": .init(
            "MASWE-0061", beta: "MASWE-0094", mastg: ["MASTG-TEST-0358", "MASTG-TEST-0359"], .close),
        "code.format-string": .init("MASWE-0050", beta: "MASWE-0087", mastg: [], .close),
        "code.path-injection": .init("MASWE-0050", beta: "MASWE-0082", mastg: [], .exact),
        "code.predicate-injection": .init("MASWE-0050", beta: "MASWE-0086", mastg: [], .close),
        "code.sql-injection": .init("MASWE-0050", beta: "MASWE-0086", mastg: [], .exact),
        "code.unsafe-c-function": .init("MASWE-0050", beta: "MASWE-0087", mastg: [], .close),
        "code.xml-external-entities": .init("MASWE-0050", beta: "MASWE-0087", mastg: [], .exact),
        "crypto.hardcoded-key": .init(
            "MASWE-0003", beta: "MASWE-0014", mastg: ["MASTG-TEST-0213", "MASTG-TEST-0214"], .exact),
        "crypto.insecure-random": .init(
            "MASWE-0012", beta: "MASWE-0027", mastg: ["MASTG-TEST-0311", "MASTG-TEST-0349"], .exact),
        "crypto.weak-cipher": .init(
            "MASWE-0007", beta: "MASWE-0020", mastg: ["MASTG-TEST-0210", "MASTG-TEST-0317"], .exact),
        "crypto.weak-hash": .init("MASWE-0008", beta: "MASWE-0021", mastg: ["MASTG-TEST-0211"], .exact),
        "crypto.weak-kdf": .init("MASWE-0014", beta: "MASWE-0010", mastg: [], .exact),
        "crypto.weak-key-size": .init("MASWE-0013", beta: "MASWE-0009", mastg: ["MASTG-TEST-0209"], .exact),
        "keychain.add-only-attribute-update": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        "keychain.delete-on-read-failure": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        "keychain.delete-then-add": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        "keychain.erroneous-attribute": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        "keychain.query-reuse": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .related),
        "network.ats-arbitrary-loads": .init(
            "MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0322", "MASTG-TEST-0342"], .exact),
        "network.ats-exception-insecure": .init(
            "MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0322", "MASTG-TEST-0342"], .exact),
        "network.cleartext-url": .init("MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0321"], .exact),
        "network.pinning-missing": .init("MASWE-0028", beta: "MASWE-0047", mastg: ["MASTG-TEST-0385"], .exact),
        "network.secret-in-url": .init("MASWE-0005", beta: "MASWE-0001", mastg: [], .related),
        "network.tls-max-version": .init("MASWE-0026", beta: "MASWE-0050", mastg: [], .related),
        "network.tls-version": .init(
            "MASWE-0026", beta: "MASWE-0050",
            mastg: ["MASTG-TEST-0342", "MASTG-TEST-0343", "MASTG-TEST-0344", "MASTG-TEST-0345", "MASTG-TEST-0348"],
            .close),
        "network.trust-all": .init(
            "MASWE-0027", beta: "MASWE-0052", mastg: ["MASTG-TEST-0396", "MASTG-TEST-0397"], .exact),
        "platform.aasa-app-id-missing": .init("MASWE-0029", beta: "MASWE-0058", mastg: [], .close),
        "platform.aasa-dev-app-id": .init("MASWE-0029", beta: "MASWE-0058", mastg: [], .related),
        "platform.aasa-invalid": .init("MASWE-0029", beta: "MASWE-0058", mastg: [], .close),
        "platform.associated-domains-developer-mode": .init("MASWE-0061", beta: "MASWE-0094", mastg: [], .related),
        "platform.enhanced-security-weakened": .init("MASWE-0045", beta: "MASWE-0116", mastg: [], .close),
        "platform.entitlements-debug": .init("MASWE-0063", beta: "MASWE-0067", mastg: ["MASTG-TEST-0261"], .exact),
        "platform.passkey-rp-id-mismatch": .init("MASWE-0019", beta: "MASWE-0028", mastg: [], .related),
        "platform.passkeys-without-webcredentials": .init("MASWE-0019", beta: "MASWE-0039", mastg: [], .close),
        "platform.uiwebview": .init("MASWE-0035", beta: "MASWE-0071", mastg: ["MASTG-TEST-0331"], .exact),
        "platform.url-scheme-unvalidated": .init(
            "MASWE-0029", beta: "MASWE-0058", mastg: ["MASTG-TEST-0370", "MASTG-TEST-0371"], .exact),
        "platform.webview-file-access": .init(
            "MASWE-0034", beta: "MASWE-0069", mastg: ["MASTG-TEST-0333", "MASTG-TEST-0335", "MASTG-TEST-0336"], .exact),
        "platform.webview-html-injection": .init("MASWE-0035", beta: "MASWE-0072", mastg: ["MASTG-TEST-0332"], .close),
        "platform.webview-js": .init("MASWE-0035", beta: "MASWE-0071", mastg: ["MASTG-TEST-0332"], .close),
        "platform.webview-lockdown-disabled": .init("MASWE-0035", beta: "MASWE-0071", mastg: [], .related),
        "privacy.framework-required-reason": .init("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        "privacy.manifest-invalid": .init("MASWE-0073", beta: "MASWE-0112", mastg: [], .related),
        "privacy.required-reason-api": .init("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        "privacy.sdk-manifest-missing": .init("MASWE-0073", beta: "MASWE-0112", mastg: [], .close),
        "privacy.third-party-sdk-pii": .init("MASWE-0067", beta: "MASWE-0109", mastg: [], .close),
        "privacy.usage-description": .init(
            "MASWE-0066", beta: "MASWE-0117", mastg: ["MASTG-TEST-0360", "MASTG-TEST-0361"], .exact),
        "resilience.debugger-check": .init(
            "MASWE-0064", beta: "MASWE-0101", mastg: ["MASTG-TEST-0401", "MASTG-TEST-0402"], .close),
        "resilience.jailbreak-detection-weak": .init(
            "MASWE-0051", beta: "MASWE-0097", mastg: ["MASTG-TEST-0240", "MASTG-TEST-0241"], .close),
        "secrets.hardcoded": .init("MASWE-0004", beta: "MASWE-0005", mastg: [], .exact),
        "storage.database-unencrypted": .init(
            "MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
        "storage.file-protection-weak": .init("MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0299"], .exact),
        "storage.file-sharing": .init("MASWE-0002", beta: "MASWE-0007", mastg: ["MASTG-TEST-0303"], .exact),
        "storage.keyboard-cache": .init(
            "MASWE-0036", beta: "MASWE-0053",
            mastg: ["MASTG-TEST-0313", "MASTG-TEST-0314", "MASTG-TEST-0346", "MASTG-TEST-0347"], .exact),
        "storage.keychain-accessibility": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .close),
        "storage.log-sensitive": .init(
            "MASWE-0005", beta: "MASWE-0001", mastg: ["MASTG-TEST-0296", "MASTG-TEST-0297"], .exact),
        "storage.pasteboard": .init(
            "MASWE-0030", beta: "MASWE-0059",
            mastg: ["MASTG-TEST-0276", "MASTG-TEST-0277", "MASTG-TEST-0278", "MASTG-TEST-0279", "MASTG-TEST-0280"],
            .exact),
        "storage.plaintext-file": .init(
            "MASWE-0001", beta: "MASWE-0006",
            mastg: ["MASTG-TEST-0299", "MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
        "storage.screenshot": .init("MASWE-0038", beta: "MASWE-0055", mastg: ["MASTG-TEST-0290"], .exact),
        "storage.userdefaults-secret": .init(
            "MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
        "storage.webview-cache": .init("MASWE-0001", beta: "MASWE-0006", mastg: [], .close)
    ]

    /// The MASWE 1.0 weaknesses the rules name: title and MASVS control.
    static let weaknesses: [String: (title: String, masvs: String)] = [
        "MASWE-0001": ("Sensitive Data Stored Unencrypted in Private Storage", "MASVS-STORAGE-1"),
        "MASWE-0002": ("Sensitive Data Stored Unencrypted Outside of Private Storage", "MASVS-STORAGE-1"),
        "MASWE-0003": ("Cryptographic Keys Stored Outside of Platform Keystore", "MASVS-STORAGE-1"),
        "MASWE-0004": ("Sensitive Data Hardcoded in the App Package", "MASVS-STORAGE-1"),
        "MASWE-0005": ("Insertion of Sensitive Data into Logs", "MASVS-STORAGE-2"),
        "MASWE-0007": ("Improper Encryption", "MASVS-CRYPTO-1"),
        "MASWE-0008": ("Improper Hashing", "MASVS-CRYPTO-1"),
        "MASWE-0012": ("Improper Random Number Generation", "MASVS-CRYPTO-1"),
        "MASWE-0013": ("Improper Cryptographic Key Generation", "MASVS-CRYPTO-2"),
        "MASWE-0014": ("Improper Cryptographic Key Derivation", "MASVS-CRYPTO-2"),
        "MASWE-0018": ("Lack of Authentication or Authorization on App Components", "MASVS-AUTH-1"),
        "MASWE-0019": ("Lack of Auto-fill Support for Credential Providers", "MASVS-AUTH-1"),
        "MASWE-0020": ("Local Authentication Can Be Bypassed", "MASVS-AUTH-2"),
        "MASWE-0022": ("Crypto Keys Not Invalidated on New Biometric Enrollment", "MASVS-AUTH-2"),
        "MASWE-0026": ("Network Traffic Not Encrypted", "MASVS-NETWORK-1"),
        "MASWE-0027": ("Insecure Certificate Validation", "MASVS-NETWORK-1"),
        "MASWE-0028": ("Insecure Identity Pinning", "MASVS-NETWORK-2"),
        "MASWE-0029": ("Insecure Deep Links", "MASVS-PLATFORM-1"),
        "MASWE-0030": ("Improper Use of the Clipboard", "MASVS-PLATFORM-1"),
        "MASWE-0034": ("WebViews Allow Access to Local Resources with Untrusted Content", "MASVS-PLATFORM-2"),
        "MASWE-0035": ("WebViews Loading Untrusted Content", "MASVS-PLATFORM-2"),
        "MASWE-0036": ("Unnecessary Exposure of Sensitive Data via the User Interface", "MASVS-PLATFORM-3"),
        "MASWE-0038": (
            "Insufficient Protection of Sensitive Data from Screenshots or Screen Recordings", "MASVS-PLATFORM-3"
        ),
        "MASWE-0045": ("Compiler-Provided Security Features Not Used", "MASVS-CODE-3"),
        "MASWE-0049": ("Unsafe Dynamic Code Loading", "MASVS-CODE-4"),
        "MASWE-0050": ("Unsafe Handling of Untrusted Data", "MASVS-CODE-4"),
        "MASWE-0051": ("Root/Jailbreak Detection Not Implemented", "MASVS-RESILIENCE-1"),
        "MASWE-0056": ("App Attestation Not Implemented", "MASVS-RESILIENCE-2"),
        "MASWE-0059": ("Code Obfuscation Not Implemented", "MASVS-RESILIENCE-3"),
        "MASWE-0061": ("Debug Artifacts Not Removed", "MASVS-RESILIENCE-3"),
        "MASWE-0063": ("Debug Mechanisms Not Disabled", "MASVS-RESILIENCE-4"),
        "MASWE-0064": ("Debugger Detection Not Implemented", "MASVS-RESILIENCE-4"),
        "MASWE-0066": ("Inadequate Permission Management", "MASVS-PRIVACY-1"),
        "MASWE-0067": ("Lack of Anonymization or Pseudonymisation Measures", "MASVS-PRIVACY-2"),
        "MASWE-0073": ("Inadequate Data Collection Declarations", "MASVS-PRIVACY-3")
    ]
}

extension RuleDescription {
    /// The rule's MASWE weakness and MASTG tests.
    public var owasp: OWASPReference? { OWASPReferences.byRule[id] }
}
