import IOSecCore

/// What a Mach-O file is for in its bundle. Some checks only mean something for some roles: PIE for an app's
/// executable, stripping for what ships to users.
public enum BinaryRole: String, Sendable, Codable {
    /// The `CFBundleExecutable` of an `.app` (the app, a watch app or an App Clip).
    case appExecutable = "app executable"
    /// The executable of an `.appex`.
    case extensionExecutable = "extension executable"
    /// A framework's binary or a loose `.dylib`.
    case library
    /// A Mach-O file scanned on its own.
    case standalone
}

/// How the bundle a binary belongs to was signed, from its `embedded.mobileprovision`.
public enum SigningKind: String, Sendable, Codable {
    case development
    case adHoc = "ad-hoc"
    case enterprise
    /// No embedded profile: an App Store or TestFlight build (or an unsigned one).
    case noProfile = "no profile"
}

/// Where a binary sits: its role and what is known of its bundle when it is analysed.
struct BinaryContext: Sendable {
    var role: BinaryRole
    var signing: SigningKind = .noProfile
    /// The `.framework` folder the binary is the executable of (`Alamofire.framework`), if any.
    var framework: String? = nil
    /// Whether that framework carries a `PrivacyInfo.xcprivacy` (at its root or in a resource bundle inside it).
    var frameworkHasPrivacyManifest = false
    /// The required-reason categories those manifests declare with a reason; nil without a manifest.
    var frameworkDeclaredCategories: Set<String>? = nil
    /// The entitlements the bundle's embedded provisioning profile grants; nil without a readable profile.
    var profileEntitlements: PropertyListDictionary? = nil
}

/// A Mach-O file being analysed, and where its rules report. Binaries have no lines: findings point at line 1 of
/// the binary, and their snippet names the slice and symbol (`arm64: imports _strcpy`), which is also what
/// baselines match on.
public final class BinaryFile {
    public let path: String
    public let machO: MachOFile
    public let role: BinaryRole
    public let signing: SigningKind
    /// The `.framework` folder this binary is the executable of (`Alamofire.framework`), if any.
    public let framework: String?
    /// Whether that framework carries a privacy manifest.
    public let frameworkHasPrivacyManifest: Bool
    /// The required-reason categories its privacy manifests declare with a reason; nil without one.
    public let frameworkDeclaredCategories: Set<String>?
    /// The entitlements the bundle's embedded provisioning profile grants; nil without a readable profile.
    public let profileEntitlements: PropertyListDictionary?
    private(set) var findings: [Finding] = []

    init(path: String, machO: MachOFile, context: BinaryContext) {
        self.path = path
        self.machO = machO
        self.role = context.role
        self.signing = context.signing
        self.framework = context.framework
        self.frameworkHasPrivacyManifest = context.frameworkHasPrivacyManifest
        self.frameworkDeclaredCategories = context.frameworkDeclaredCategories
        self.profileEntitlements = context.profileEntitlements
    }

    /// The file's name inside the bundle (`Acme`, `Alamofire`).
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Whether any slice is built for a simulator: a development build by construction.
    public var isSimulatorBuild: Bool {
        machO.slices.contains {
            $0.platform == .iOSSimulator || $0.platform == .watchOSSimulator || $0.platform == .tvOSSimulator
        }
    }

    /// Adds a finding. `evidence` is the short, stable text shown as the snippet ("arm64: _strcpy, _gets").
    public func report(
        _ rule: RuleDescription, evidence: String, message: String, severity: Severity? = nil,
        confidence: Confidence? = nil
    ) {
        let snippet = evidence.count > 200 ? String(evidence.prefix(200)) + "…" : evidence
        let location = FindingLocation(
            file: path, line: 1, column: 1, endLine: 1, endColumn: 1, snippet: snippet, inBuiltApp: true)
        findings.append(
            Finding(rule, at: location, message: message, severity: severity, confidence: confidence))
    }

    /// "arm64" or "armv7, arm64": the slices a finding holds for.
    public static func architectures(_ slices: [MachOSlice]) -> String {
        slices.map(\.architecture.name).joined(separator: ", ")
    }

    /// Names listed up to a few, then how many more.
    public static func list(_ names: [String], limit: Int = 5) -> String {
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? "\(shown) and \(names.count - limit) more" : shown
    }
}

/// A rule over a built binary (Mach-O): its header, load commands, imports, strings and signature.
public protocol BinaryRule: Sendable {
    static var description: RuleDescription { get }
    static func check(_ binary: BinaryFile)
}
