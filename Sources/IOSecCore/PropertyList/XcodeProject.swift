import Foundation

/// The build configurations of a `project.pbxproj`, read from its `XCBuildConfiguration`
/// objects, each tied to the project or to the target whose configuration list holds it.
///
/// Other object kinds and unknown sections are ignored.
///
/// ```swift
/// let project = try XcodeProject.parse(pbxprojData)
/// for c in project.configurations where c.name == "Release" {
///     if c.string("ENABLE_TESTABILITY") == "YES" { … c.line(of: "ENABLE_TESTABILITY") … }
/// }
/// ```
public struct XcodeProject: Sendable, Equatable {
    /// Who a configuration belongs to.
    public enum Owner: Sendable, Equatable {
        case project
        case target(String)
    }

    /// One `XCBuildConfiguration` object.
    public struct BuildConfiguration: Sendable, Equatable {
        /// The object identifier (24 hex digits in Xcode-written files).
        public let id: String
        /// "Debug", "Release", or a custom name.
        public let name: String
        /// Settings in file order; keys may carry conditions (`"CODE_SIGN_IDENTITY[sdk=iphoneos*]"`).
        public let buildSettings: PropertyListDictionary
        /// Line of the object's identifier.
        public let line: Int?
        /// Identifier of the `.xcconfig` file reference this configuration is based on.
        public let baseConfigurationReference: String?
        /// nil when no configuration list refers to this configuration.
        public let owner: Owner?

        /// A setting as a single string (arrays joined with spaces, as Xcode does).
        public func string(_ key: String) -> String? {
            switch buildSettings[key] {
            case .string(let s)?: return s
            case .array(let a)?: return a.values.compactMap(\.string).joined(separator: " ")
            default: return nil
            }
        }

        /// A setting as a list: array elements, or a string split on whitespace (respecting quotes).
        public func list(_ key: String) -> [String]? {
            switch buildSettings[key] {
            case .string(let s)?: return BuildSettingList.split(s)
            case .array(let a)?: return a.values.compactMap(\.string)
            default: return nil
            }
        }

        /// Line of a setting's key.
        public func line(of key: String) -> Int? { buildSettings.entry(key)?.keyLine }
    }

    public let configurations: [BuildConfiguration]

    public init(configurations: [BuildConfiguration]) {
        self.configurations = configurations
    }

    /// Parses `project.pbxproj` bytes (old-style plist).
    public static func parse(_ data: Data) throws(PropertyListError) -> XcodeProject {
        // Only the objects read below are built: most of a project file is build files and file references.
        let doc = try PropertyListParser.parseOpenStep(data) { isa in
            isa == "XCBuildConfiguration" || isa == "XCConfigurationList" || isa == "PBXProject"
                || isa.hasSuffix("Target")
        }
        let root = try doc.requireDictionaryRoot()
        guard let objects = root["objects"]?.dictionary else {
            throw PropertyListError(
                .invalidValue("project.pbxproj has no `objects` dictionary"), line: root.entry("objects")?.keyLine)
        }
        // Configuration id → owner, from configuration lists referenced by the project and targets.
        var ownerByConfiguration: [String: Owner] = [:]
        func assign(listID: String?, to owner: Owner) {
            guard let listID, let list = objects[listID]?.dictionary,
                let ids = list["buildConfigurations"]?.stringArray
            else { return }
            for id in ids { ownerByConfiguration[id] = owner }
        }
        for entry in objects.entries {
            guard let object = entry.value.dictionary, let isa = object["isa"]?.string else { continue }
            if isa == "PBXProject" {
                assign(listID: object["buildConfigurationList"]?.string, to: .project)
            } else if isa.hasSuffix("Target") {  // PBXNativeTarget, PBXAggregateTarget, PBXLegacyTarget
                assign(
                    listID: object["buildConfigurationList"]?.string, to: .target(object["name"]?.string ?? entry.key))
            }
        }
        var configurations: [BuildConfiguration] = []
        for entry in objects.entries {
            guard let object = entry.value.dictionary, object["isa"]?.string == "XCBuildConfiguration" else { continue }
            configurations.append(
                BuildConfiguration(
                    id: entry.key,
                    name: object["name"]?.string ?? "",
                    buildSettings: object["buildSettings"]?.dictionary ?? PropertyListDictionary(),
                    line: entry.keyLine,
                    baseConfigurationReference: object["baseConfigurationReference"]?.string,
                    owner: ownerByConfiguration[entry.key]))
        }
        return XcodeProject(configurations: configurations)
    }
}

enum BuildSettingList {
    /// Splits "DEBUG $(inherited) \"A B\"" into ["DEBUG", "$(inherited)", "A B"].
    static func split(_ s: String) -> [String] {
        var out: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        var inToken = false
        for ch in s {
            if escaped {
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
                inToken = true
            } else if let q = quote {
                if ch == q { quote = nil } else { current.append(ch) }
            } else if ch == "\"" || ch == "'" {
                quote = ch
                inToken = true
            } else if ch.isWhitespace {
                if inToken { out.append(current) }
                current = ""
                inToken = false
            } else {
                current.append(ch)
                inToken = true
            }
        }
        if inToken { out.append(current) }
        return out
    }
}
