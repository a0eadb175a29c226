/// Whether a build configuration or file name is for development (`Debug`, `AcmeWallet-Dev`) or for builds
/// that leave the developer's desk (`Release`, `AppStore`, `Staging`).
enum ConfigurationKind {
    static let debugWords: Set<String> = ["debug", "dev", "devel", "develop", "development"]
    /// Only used to tell whether an xcconfig's file name names a configuration at all.
    static let releaseWords: Set<String> = [
        "release", "production", "prod", "store", "appstore", "distribution", "staging", "beta", "adhoc", "enterprise",
        "testflight"
    ]

    /// A development configuration or file, judged by its name's words.
    static func isDebug(_ name: String) -> Bool {
        words(name).contains { debugWords.contains($0) }
    }

    /// Lower-cased words of a name split at non-letters and camelCase humps: `AcmeWallet-Dev` → acme, wallet, dev.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for ch in name {
            guard ch.isLetter else {
                if !current.isEmpty {
                    words.append(current.lowercased())
                    current = ""
                }
                previousWasLower = false
                continue
            }
            if ch.isUppercase && previousWasLower, !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
            current.append(ch)
            previousWasLower = ch.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

/// Which entitlements files a release build signs with, shared by the entitlement rules so they agree.
///
/// A file named by `CODE_SIGN_ENTITLEMENTS` (pbxproj or xcconfig) is a release file when any non-debug
/// configuration names it (a configuration without a name — a shared xcconfig — counts as release). A file no
/// build setting names is judged by its own name: `AcmeWallet-Debug.entitlements` and `AppDev.entitlements` are
/// debug files, everything else is assumed to ship.
struct SigningConfigurations {
    /// Entitlements file → the configurations that sign with it.
    private let configurationsByFile: [String: [String]]

    init(_ project: ProjectContext) {
        let settings = project.facts(FactKind.codeSignEntitlements).map { FactKind.fields($0.value, count: 2) }
        var byFile: [String: [String]] = [:]
        for file in project.files(of: .entitlements) {
            byFile[file] = settings.filter { Self.setting($0[1], names: file) }.map { $0[0] }
        }
        configurationsByFile = byFile
    }

    /// True when a release build is signed with this entitlements file.
    func isRelease(_ path: String) -> Bool {
        // A shared xcconfig names no configuration; then the file's own name decides.
        let configurations = (configurationsByFile[path] ?? []).filter { !$0.isEmpty }
        if configurations.isEmpty {
            let name = String(path.split(separator: "/").last ?? "")
            return !ConfigurationKind.isDebug(name.replacingOccurrences(of: ".entitlements", with: ""))
        }
        return configurations.contains { !ConfigurationKind.isDebug($0) }
    }

    /// For messages: "the Release configuration", "the Release and Staging configurations", or "a release build
    /// (assumed from the file name)".
    func signedBy(_ path: String) -> String {
        let names = (configurationsByFile[path] ?? []).filter { !$0.isEmpty && !ConfigurationKind.isDebug($0) }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        switch unique.count {
        case 0: return "a release build (assumed: no build setting names a debug configuration for it)"
        case 1: return "the \(unique[0]) configuration"
        default: return "the " + unique.joined(separator: ", ") + " configurations"
        }
    }

    /// Whether a `CODE_SIGN_ENTITLEMENTS` value (relative to the project folder, which may sit below the
    /// scanned root) names this file.
    static func setting(_ value: String, names path: String) -> Bool {
        var v = value.trimmingWhitespace()
        if v.hasPrefix("\"") && v.hasSuffix("\"") && v.count >= 2 { v = String(v.dropFirst().dropLast()) }
        for root in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "$(SOURCE_ROOT)/", "./"]
        where v.hasPrefix(root) {
            v = String(v.dropFirst(root.count))
        }
        // `$(TARGET_NAME)/$(TARGET_NAME).entitlements` cannot be resolved without the target: no match.
        guard !v.isEmpty, !v.contains("$(") && !v.contains("${") else { return false }
        return path == v || path.hasSuffix("/" + v)
    }
}
