import Foundation
import IOSecCore

/// Records from `project.pbxproj` and `.xcconfig` files which entitlements file each build configuration signs
/// with (`CODE_SIGN_ENTITLEMENTS`), what each target's configuration signs as (team, bundle identifier,
/// entitlements), every xcconfig assignment (for what a pbxproj leaves to one), and purpose strings given as build
/// settings (`INFOPLIST_KEY_NSCameraUsageDescription`, for generated Info.plists).
///
/// An xcconfig names its configuration by its file name (`Release.xcconfig`, `AcmeWallet-Debug.xcconfig`) or by a
/// `[config=Release]` condition; the pbxproj names it in each `XCBuildConfiguration`.
enum BuildSettingsCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.pbxproj, .xcconfig]
    static let entitlementsKey = "CODE_SIGN_ENTITLEMENTS"
    static let infoPlistKeyPrefix = "INFOPLIST_KEY_"

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        if file.kind == .pbxproj {
            collectProject(file)
        } else {
            collectXCConfig(file)
        }
        return []
    }

    private static func collectProject(_ file: ArtifactFile) {
        guard let project = try? CollectorSupport.xcodeProject(file).get() else { return }
        for configuration in project.configurations {
            for entry in configuration.buildSettings.entries {
                let key = bareKey(entry.key)
                guard let value = entry.value.string else { continue }
                record(
                    key: key, value: value, configuration: configuration.name,
                    line: entry.keyLine ?? configuration.line ?? 1, in: file)
            }
        }
        recordSigning(of: project, in: file)
    }

    /// The keys that make an App ID and say what it is signed with.
    static let signingKeys = ["DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", entitlementsKey]

    /// One `targetSigning` fact per configuration of a target: its own settings over the project's, as Xcode
    /// layers them (an xcconfig the configuration is based on sits between; `ReleaseAppIdentities` reads those).
    private static func recordSigning(of project: XcodeProject, in file: ArtifactFile) {
        var projectLevel: [String: XcodeProject.BuildConfiguration] = [:]
        for configuration in project.configurations where configuration.owner == .project {
            if projectLevel[configuration.name] == nil { projectLevel[configuration.name] = configuration }
        }
        for configuration in project.configurations {
            guard case .target(let target)? = configuration.owner else { continue }
            let base = projectLevel[configuration.name]
            let lookup = { (key: String) -> String? in
                if let value = iOSValue(of: key, in: configuration) ?? base.flatMap({ iOSValue(of: key, in: $0) }) {
                    return value
                }
                return builtIn(key, target: target, configuration: configuration.name)
            }
            let values = signingKeys.map { key in
                (iOSValue(of: key, in: configuration) ?? base.flatMap { iOSValue(of: key, in: $0) })
                    .map { BuildSettingValue.resolve($0, lookup: lookup) } ?? ""
            }
            file.record(
                kind: FactKind.targetSigning,
                value: FactKind.join(target, configuration.name, values[0], values[1], values[2]),
                line: configuration.line ?? 1)
        }
    }

    /// Settings Xcode defines for every target when the project does not: the product is named after the target.
    static func builtIn(_ key: String, target: String, configuration: String) -> String? {
        switch key {
        case "TARGET_NAME": return target
        case "PRODUCT_NAME": return "$(TARGET_NAME)"
        case "CONFIGURATION": return configuration
        default: return nil
        }
    }

    /// A setting as a device build reads it: the plain key, or one conditioned on the iOS SDK
    /// (`DEVELOPMENT_TEAM[sdk=iphoneos*]`); conditions for other platforms do not apply.
    static func iOSValue(of key: String, in configuration: XcodeProject.BuildConfiguration) -> String? {
        var conditioned: String?
        for entry in configuration.buildSettings.entries where bareKey(entry.key) == key {
            if entry.key == key { return configuration.string(entry.key) }
            if conditioned == nil, entry.key.contains("sdk=iphoneos") { conditioned = configuration.string(entry.key) }
        }
        return conditioned
    }

    private static func collectXCConfig(_ file: ArtifactFile) {
        let config = CollectorSupport.xcconfig(file)
        let named = configurationName(ofXCConfig: file.path)
        for assignment in config.assignments {
            let condition = assignment.conditions.first { $0.name == "config" }?.value
            record(
                key: assignment.key, value: assignment.value, configuration: condition ?? named, line: assignment.line,
                in: file)
            // Conditions for other platforms do not reach a device build.
            if assignment.conditions.allSatisfy({ $0.name != "sdk" || $0.value.hasPrefix("iphoneos") }) {
                file.record(
                    kind: FactKind.xcconfigSetting,
                    value: FactKind.join(condition ?? named, assignment.key, assignment.value), line: assignment.line)
            }
        }
    }

    /// pbxproj settings recorded as they are, for the rules that read them (xcconfig files record every setting).
    static let recordedKeys: Set<String> = Set(
        EnhancedSecurity.typedAllocatorSettings + ["ENABLE_ENHANCED_SECURITY", deploymentTargetKey])
    static let deploymentTargetKey = "IPHONEOS_DEPLOYMENT_TARGET"

    private static func record(key: String, value: String, configuration: String, line: Int, in file: ArtifactFile) {
        if recordedKeys.contains(key), file.kind == .pbxproj {
            file.record(kind: FactKind.buildSetting, value: FactKind.join(configuration, key, value), line: line)
        }
        if key == "INFOPLIST_FILE", file.kind == .pbxproj {
            file.record(kind: FactKind.infoPlistFile, value: value, line: line)
        } else if key == entitlementsKey {
            file.record(kind: FactKind.codeSignEntitlements, value: FactKind.join(configuration, value), line: line)
        } else if key.hasPrefix(infoPlistKeyPrefix) {
            let plistKey = String(key.dropFirst(infoPlistKeyPrefix.count))
            if InfoPlistCollector.isUsageDescriptionKey(plistKey) {
                file.record(kind: FactKind.usageDescriptionDeclared, value: FactKind.join(plistKey, value), line: line)
            }
        }
    }

    /// `CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]` → `CODE_SIGN_ENTITLEMENTS`.
    static func bareKey(_ key: String) -> String {
        String(key.prefix { $0 != "[" })
    }

    /// `Config/Release.xcconfig` → `Release`; empty for names that say no configuration (`Shared.xcconfig`),
    /// which then apply to every configuration that includes them.
    static func configurationName(ofXCConfig path: String) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        let stem = name.hasSuffix(".xcconfig") ? String(name.dropLast(".xcconfig".count)) : name
        let words = ConfigurationKind.words(stem)
        let named = words.contains {
            ConfigurationKind.debugWords.contains($0) || ConfigurationKind.releaseWords.contains($0)
        }
        return named ? stem : ""
    }
}
