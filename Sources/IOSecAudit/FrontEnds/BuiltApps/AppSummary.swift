import Crypto
import Foundation
import IOSecCore

/// What one Mach-O file of a built app is: shown in the app summary of every report.
public struct BinarySummary: Sendable, Codable, Hashable {
    public var path: String
    public var role: BinaryRole
    public var architectures: [String]
    public var hasSwift: Bool
    public var hasObjectiveC: Bool
    public var encrypted: Bool
    public var pie: Bool
    public var minimumOS: String?
    public var teamID: String?
    public var signingIdentifier: String?
    /// What Enhanced Security turns on for this executable (`hardened process (version 2)`, `hardened heap`, `memory
    /// tagging (soft mode)`…), from its signed entitlements; empty when it does not opt in.
    public var enhancedSecurity: [String] = []
    /// Whether it has an arm64e slice: pointer authentication signs return addresses and function pointers.
    public var pointerAuthentication = false
    /// SHA-256 of the file, lower-case hex (for the SBOM).
    public var sha256: String?

    init(path: String, machO: MachOFile, role: BinaryRole) {
        self.path = path
        self.role = role
        architectures = machO.slices.map(\.architecture.name)
        hasSwift = machO.slices.contains(where: \.hasSwift)
        // Swift classes in the Objective-C class list, and CocoaPods' dummy classes, are not Objective-C code.
        hasObjectiveC = machO.slices.contains { slice in
            let languages = CompiledLanguages(slice)
            return !languages.clangClasses.isEmpty || (languages.hasObjCMetadata && !languages.hasSwift)
        }
        encrypted = machO.slices.contains(where: \.isEncrypted)
        pie = machO.slices.allSatisfy { $0.fileType != .execute || $0.isPIE }
        minimumOS = machO.slices.lazy.compactMap(\.minimumOS).first.map(\.description)
        let signature = machO.slices.lazy.compactMap(\.codeSignature).first
        teamID = signature?.teamID
        signingIdentifier = signature?.identifier
        if role != .library {
            enhancedSecurity = EnhancedSecurity.features(EnhancedSecurity.signedEntitlements(of: machO))
        }
        pointerAuthentication = machO.slices.contains { $0.architecture == .arm64e }
    }

    init(path: String, bytes: [UInt8], machO: MachOFile, role: BinaryRole) {
        self.init(path: path, machO: machO, role: role)
        sha256 = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

/// The facts a reviewer reads first about a built app: what it is, what it is built from, and how it is signed.
public struct AppSummary: Sendable, Codable, Hashable {
    /// The scanned input: `ipa`, `app`, `xcarchive` or `mach-o`.
    public var input: String
    public var bundlePath: String?
    public var bundleID: String?
    public var name: String?
    public var version: String?
    public var build: String?
    public var minimumOS: String?
    public var architectures: [String] = []
    /// "Swift", "Objective-C", "Swift and Objective-C", or "C / unknown".
    public var languages: String = ""
    public var encrypted = false
    public var teamID: String?
    public var profile: ProfileSummary?
    public var frameworks: [String] = []
    /// Each framework's `CFBundleShortVersionString`, when its Info.plist gives one (`Alamofire.framework` → `5.8.1`).
    public var frameworkVersions: [String: String] = [:]
    /// Each framework's `CFBundleIdentifier`, when its Info.plist gives one.
    public var frameworkBundleIDs: [String: String] = [:]
    /// The frameworks that carry a privacy manifest (at their root or in a resource bundle inside them).
    public var frameworksWithPrivacyManifest: [String] = []
    public var extensions: [String] = []
    public var binaries: [BinarySummary] = []

    /// One line per fact, for the text report.
    public var lines: [String] {
        var out: [String] = []
        let title = [name, bundleID.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        out.append("App:           \(title.isEmpty ? (bundlePath ?? input) : title)")
        if version != nil || build != nil {
            out.append("Version:       \(version ?? "?")" + (build.map { " (\($0))" } ?? ""))
        }
        if let minimumOS { out.append("Minimum iOS:   \(minimumOS)") }
        if !architectures.isEmpty { out.append("Architectures: \(architectures.joined(separator: ", "))") }
        if !languages.isEmpty { out.append("Built from:    \(languages)") }
        out.append("Encrypted:     \(encrypted ? "yes (FairPlay: strings and code could not be checked)" : "no")")
        if let teamID { out.append("Team ID:       \(teamID)") }
        if let profile {
            var text = profile.kind
            if let name = profile.name { text += ", \"\(name)\"" }
            if let expires = profile.expires { text += ", expires \(expires)" }
            out.append("Profile:       \(text)")
        } else if input != "mach-o" {
            out.append("Profile:       none (App Store / TestFlight build, or unsigned)")
        }
        if !frameworks.isEmpty {
            out.append("Frameworks:    \(frameworks.count): \(BinaryFile.list(frameworks, limit: 8))")
        }
        if !extensions.isEmpty { out.append("Extensions:    \(BinaryFile.list(extensions, limit: 8))") }
        if let main = binaries.first(where: { $0.role == .appExecutable }) {
            let protections = main.enhancedSecurity.isEmpty ? "off" : main.enhancedSecurity.joined(separator: ", ")
            out.append("Enhanced Security: \(protections)")
            out.append("Pointer auth:  \(main.pointerAuthentication ? "yes (arm64e slice)" : "no (no arm64e slice)")")
        }
        return out
    }
}

/// The embedded provisioning profile, as the summary shows it.
public struct ProfileSummary: Sendable, Codable, Hashable {
    /// `development`, `ad-hoc`, `enterprise` or `app-store`.
    public var kind: String
    public var name: String?
    public var teamID: String?
    /// `yyyy-MM-dd`.
    public var expires: String?
    public var provisionedDevices: Int
}
