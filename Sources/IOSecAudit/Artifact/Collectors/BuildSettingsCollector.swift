import Foundation
import IOSecCore

/// Records from `project.pbxproj` and `.xcconfig` files which entitlements file each build configuration signs
/// with (`CODE_SIGN_ENTITLEMENTS`), and purpose strings given as build settings
/// (`INFOPLIST_KEY_NSCameraUsageDescription`, for generated Info.plists).
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
    }

    private static func collectXCConfig(_ file: ArtifactFile) {
        let config = CollectorSupport.xcconfig(file)
        let named = configurationName(ofXCConfig: file.path)
        for assignment in config.assignments {
            let condition = assignment.conditions.first { $0.name == "config" }?.value
            record(
                key: assignment.key, value: assignment.value, configuration: condition ?? named, line: assignment.line,
                in: file)
        }
    }

    private static func record(key: String, value: String, configuration: String, line: Int, in file: ArtifactFile) {
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
