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
    /// Rule id → its reference, from each rule's description.
    public static let byRule: [String: OWASPReference] = Dictionary(
        RuleRegistry.all.map { ($0.id, $0.owasp) }, uniquingKeysWith: { first, _ in first })

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
