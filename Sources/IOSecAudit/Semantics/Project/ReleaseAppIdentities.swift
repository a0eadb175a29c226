import IOSecCore

/// What each target of the project's Xcode projects signs as, per build configuration: its App ID (`DEVELOPMENT_TEAM`
/// + `PRODUCT_BUNDLE_IDENTIFIER`, references resolved from the pbxproj, then from xcconfig files) and the
/// entitlements file with its associated domains. The passkey and association-file rules hold code and
/// association files against the identities of the builds that ship.
struct ReleaseAppIdentities {
    struct Identity {
        /// The target's name; empty for an identity only xcconfig files give.
        let target: String
        /// The `project.pbxproj` that defines it.
        let projectFile: String
        let configuration: String
        /// Line of the configuration in the pbxproj.
        let line: Int
        /// nil when the team or the bundle identifier is not known from the scanned files.
        let appID: AppID?
        /// The entitlements file the configuration signs with, as a scanned path.
        let entitlements: String?
        /// Whether a build uploaded to TestFlight or the App Store is made with this configuration.
        let ships: Bool

        /// "AcmeWallet (Release)"; "the Release configuration" when only xcconfig files say it.
        var name: String { target.isEmpty ? "the \(configuration) configuration" : "\(target) (\(configuration))" }
    }

    /// Every configuration of every application or extension target (test targets left out).
    let all: [Identity]
    /// The configurations that ship.
    var shipping: [Identity] { all.filter(\.ships) }

    init(_ project: ProjectContext) {
        let testTargets = Set(
            project.facts(FactKind.target).compactMap { fact -> String? in
                let fields = FactKind.fields(fact.value, count: 3)
                return fields[1] == "test" ? fields[0] : nil
            })
        let xcconfig = XCConfigSettings(project)
        let archived = ArchivedConfigurations(project)
        let entitlementsFiles = project.files(of: .entitlements)
        var all: [Identity] = []
        for fact in project.facts(FactKind.targetSigning) {
            let fields = FactKind.fields(fact.value, count: 5)
            let (target, configuration) = (fields[0], fields[1])
            guard !testTargets.contains("\(fact.file):\(target)") else { continue }
            let lookup = { (key: String) -> String? in
                xcconfig.value(of: key, configuration: configuration)
                    ?? BuildSettingsCollector.builtIn(key, target: target, configuration: configuration)
            }
            func setting(_ index: Int, _ key: String) -> String? {
                let written =
                    fields[index].isEmpty
                    ? (xcconfig.value(of: key, configuration: configuration) ?? "") : fields[index]
                let value = BuildSettingValue.resolve(written, lookup: lookup)
                return value.isEmpty || !BuildSettingValue.isResolved(value) ? nil : value
            }
            let team = setting(2, "DEVELOPMENT_TEAM")
            let bundle = setting(3, "PRODUCT_BUNDLE_IDENTIFIER")
            let entitlements = setting(4, BuildSettingsCollector.entitlementsKey).flatMap { value in
                entitlementsFiles.first { SigningConfigurations.setting(value, names: $0) }
            }
            let projectPath = String(fact.file.dropLast("/project.pbxproj".count))
            let ships: Bool
            switch archived.status(of: configuration, project: projectPath) {
            case .unknown: ships = !ConfigurationKind.isDebug(configuration)
            case .notArchived: ships = false
            case .archived: ships = true
            }
            all.append(
                Identity(
                    target: target, projectFile: fact.file, configuration: configuration, line: fact.line,
                    appID: team.flatMap { team in bundle.flatMap { AppID(team + "." + $0) } },
                    entitlements: entitlements, ships: ships))
        }
        if all.isEmpty { all = Self.fromXCConfigs(project, xcconfig, archived, entitlementsFiles) }
        self.all = all
    }

    /// A project whose generator (XcodeGen, Tuist) or whose scan leaves out the pbxproj: one identity per
    /// configuration an xcconfig file is named for, when its settings give a bundle identifier.
    private static func fromXCConfigs(
        _ project: ProjectContext, _ xcconfig: XCConfigSettings, _ archived: ArchivedConfigurations,
        _ entitlementsFiles: [String]
    ) -> [Identity] {
        var files: [String: (file: String, line: Int)] = [:]
        for fact in project.facts(FactKind.xcconfigSetting) where !XCConfigSettings.isDependency(fact.file) {
            let configuration = FactKind.fields(fact.value, count: 3)[0]
            if !configuration.isEmpty, files[configuration] == nil { files[configuration] = (fact.file, 1) }
        }
        return files.keys.sorted().compactMap { configuration in
            let lookup = { (key: String) in xcconfig.value(of: key, configuration: configuration) }
            func setting(_ key: String) -> String? {
                guard let written = lookup(key) else { return nil }
                let value = BuildSettingValue.resolve(written, lookup: lookup)
                return value.isEmpty || !BuildSettingValue.isResolved(value) ? nil : value
            }
            guard let bundle = setting("PRODUCT_BUNDLE_IDENTIFIER") else { return nil }
            let ships: Bool
            switch archived.status(of: configuration, project: nil) {
            case .unknown: ships = !ConfigurationKind.isDebug(configuration)
            case .notArchived: ships = false
            case .archived: ships = true
            }
            let file = files[configuration]!
            return Identity(
                target: "", projectFile: file.file, configuration: configuration,
                line: file.line, appID: setting("DEVELOPMENT_TEAM").flatMap { AppID($0 + "." + bundle) },
                entitlements: setting(BuildSettingsCollector.entitlementsKey).flatMap { value in
                    entitlementsFiles.first { SigningConfigurations.setting(value, names: $0) }
                }, ships: ships)
        }
    }
}

/// The settings xcconfig files assign, by key, for lookups a pbxproj leaves open. A key is known only when every
/// assignment of it that applies to the configuration (named for it, or for none) agrees: files of other targets
/// assign other values, and a guess would make an App ID up. Files of dependency managers are left out.
struct XCConfigSettings {
    private var values: [String: [(configuration: String, value: String)]] = [:]

    init(_ project: ProjectContext) {
        for fact in project.facts(FactKind.xcconfigSetting) {
            guard !Self.isDependency(fact.file) else { continue }
            let fields = FactKind.fields(fact.value, count: 3)
            values[fields[1], default: []].append((fields[0], fields[2]))
        }
    }

    /// Files CocoaPods and Carthage write for the libraries they build.
    static func isDependency(_ path: String) -> Bool {
        let path = "/" + path
        return path.contains("/Pods/") || path.contains("/Carthage/")
    }

    func value(of key: String, configuration: String) -> String? {
        let applying = (values[key] ?? []).filter { $0.configuration.isEmpty || $0.configuration == configuration }
        let distinct = Set(
            applying.map { $0.value.replacingOccurrences(of: "$(inherited)", with: "").trimmingWhitespace() })
        return distinct.count == 1 ? distinct.first : nil
    }
}

/// The App IDs a project's shipping builds sign as, read from a scan of it: what `iosec aasa DOMAIN --project PATH`
/// holds the served association file against.
public enum ProjectAppIDs {
    /// Each distinct App ID with where it was read (`AcmeWallet (Release) in AcmeWallet.xcodeproj/project.pbxproj`),
    /// of the shipping builds whose entitlements name associated domains (all shipping builds when none does);
    /// empty when the project does not state a team and bundle identifier for any build that ships.
    public static func shipping(in result: ScanResult) -> [(appID: AppID, source: String)] {
        var files: [String: FileKind] = [:]
        for fact in result.inventory.facts where fact.kind == FactKind.entitlementsFile {
            files[fact.file] = .entitlements
        }
        let project = ProjectContext(
            facts: result.inventory.facts, files: files, options: ScanOptions(), snippet: { _, _ in "" })
        // Extensions and widgets ship too, under their own bundle identifiers: the builds whose entitlements
        // associate them with a domain are the ones an association file speaks for.
        let associated = Set(project.facts(FactKind.associatedDomain).map(\.file))
        let shipping = ReleaseAppIdentities(project).shipping
        let candidates = shipping.filter { $0.entitlements.map(associated.contains) == true }
        var seen: Set<AppID> = []
        return (candidates.isEmpty ? shipping : candidates).compactMap { identity in
            guard let id = identity.appID, seen.insert(id).inserted else { return nil }
            return (id, "\(identity.name) in \(identity.projectFile)")
        }
    }
}
