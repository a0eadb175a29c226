import Foundation

/// Which files each native target of a `project.pbxproj` compiles, and with which Info.plists: the sources of its
/// Sources build phase (file references resolved through their groups to paths), the folders it compiles whole
/// (Xcode 16 synchronized groups, less the files an exception set leaves out of it), and its `INFOPLIST_FILE`s.
///
/// Paths are relative to the project's folder (the one holding the `.xcodeproj`). A reference outside it (an
/// absolute path, a built product, an SDK) is left out.
///
/// ```swift
/// let membership = try XcodeTargetMembership.parse(pbxprojData)
/// for target in membership.targets where !target.isTest { print(target.name, target.sources.count) }
/// ```
public struct XcodeTargetMembership: Sendable, Equatable {
    public struct Folder: Sendable, Equatable {
        public let path: String
        /// Paths relative to `path` that the target does not compile.
        public let exceptions: [String]
    }

    public struct Target: Sendable, Equatable {
        public let name: String
        /// `com.apple.product-type.application`, `…app-extension`, `…bundle.unit-test`…
        public let productType: String
        public let sources: [String]
        public let folders: [Folder]
        /// The `INFOPLIST_FILE` of each configuration, as written, without repeats.
        public let infoPlistFiles: [String]

        /// Unit and UI test bundles: nothing they compile ships.
        public var isTest: Bool { productType.contains("test") }
    }

    public let targets: [Target]

    private static let kept: Set<String> = [
        "PBXNativeTarget", "PBXSourcesBuildPhase", "PBXBuildFile", "PBXFileReference", "PBXGroup", "PBXVariantGroup",
        "PBXFileSystemSynchronizedRootGroup", "PBXFileSystemSynchronizedBuildFileExceptionSet", "XCConfigurationList",
        "XCBuildConfiguration"
    ]

    /// Parses `project.pbxproj` bytes (old-style plist).
    public static func parse(_ data: Data) throws(PropertyListError) -> XcodeTargetMembership {
        // Dependencies, proxies, package references and the other build phases are never read: not built.
        let root = try PropertyListParser.parseOpenStep(data, keepingObjects: kept.contains).requireDictionaryRoot()
        guard let objects = root["objects"]?.dictionary else {
            throw PropertyListError(
                .invalidValue("project.pbxproj has no `objects` dictionary"), line: root.entry("objects")?.keyLine)
        }
        let paths = PathResolver(objects)
        var targets: [Target] = []
        for entry in objects.entries {
            guard let target = entry.value.dictionary, target["isa"]?.string == "PBXNativeTarget" else { continue }
            var sources: [String] = []
            for phaseID in target["buildPhases"]?.stringArray ?? [] {
                guard let phase = objects[phaseID]?.dictionary, phase["isa"]?.string == "PBXSourcesBuildPhase" else {
                    continue
                }
                for buildFileID in phase["files"]?.stringArray ?? [] {
                    guard let reference = objects[buildFileID]?.dictionary?["fileRef"]?.string,
                        let path = paths.path(of: reference)
                    else { continue }
                    sources.append(path)
                }
            }
            var folders: [Folder] = []
            for groupID in target["fileSystemSynchronizedGroups"]?.stringArray ?? [] {
                guard let path = paths.path(of: groupID) else { continue }
                var exceptions: [String] = []
                for setID in objects[groupID]?.dictionary?["exceptions"]?.stringArray ?? [] {
                    guard let set = objects[setID]?.dictionary, set["target"]?.string == entry.key else { continue }
                    exceptions += set["membershipExceptions"]?.stringArray ?? []
                }
                folders.append(Folder(path: path, exceptions: exceptions))
            }
            var infoPlists: [String] = []
            let listID = target["buildConfigurationList"]?.string ?? ""
            for configurationID in objects[listID]?.dictionary?["buildConfigurations"]?.stringArray ?? [] {
                guard
                    let file = objects[configurationID]?.dictionary?["buildSettings"]?.dictionary?["INFOPLIST_FILE"]?
                        .string, !file.isEmpty, !infoPlists.contains(file)
                else { continue }
                infoPlists.append(file)
            }
            targets.append(
                Target(
                    name: target["name"]?.string ?? entry.key, productType: target["productType"]?.string ?? "",
                    sources: sources, folders: folders, infoPlistFiles: infoPlists))
        }
        return XcodeTargetMembership(targets: targets)
    }

    /// `a/./b/../c` → `a/c`; leading `..` are kept (`../Shared/Keys.swift`). nil for an absolute path.
    public static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        // Most paths need nothing done: no empty, `.` or `..` component. Checked on bytes: thousands of paths.
        let dot = UInt8(ascii: ".")
        let special = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains {
            $0.isEmpty || ($0.count <= 2 && $0.allSatisfy { $0 == dot })
        }
        guard special else { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// A file reference's or group's path from the groups above it. Each group's path is worked out once: thousands
    /// of files share a few hundred groups.
    private final class PathResolver {
        let objects: PropertyListDictionary
        var parent: [String: String] = [:]
        private var groups: [String: String?] = [:]

        init(_ objects: PropertyListDictionary) {
            self.objects = objects
            for entry in objects.entries {
                for child in entry.value.dictionary?["children"]?.stringArray ?? [] { parent[child] = entry.key }
            }
        }

        func path(of id: String) -> String? {
            raw(id, depth: 0).flatMap(XcodeTargetMembership.normalized)
        }

        /// The path with `.` and `..` as written.
        private func raw(_ id: String, depth: Int) -> String? {
            if let known = groups[id] { return known }
            // Groups nest a few levels; a cycle in a hostile file must not recurse forever.
            guard depth < 64, let object = objects[id]?.dictionary else { return nil }
            let own = object["path"]?.string ?? ""
            let path: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "SOURCE_ROOT":
                path = own
            case "<group>":
                if let parentID = parent[id] {
                    path = raw(parentID, depth: depth + 1).map { base in
                        base.isEmpty ? own : own.isEmpty ? base : base + "/" + own
                    }
                } else {
                    path = own
                }
            default:
                path = nil
            }
            if object["children"] != nil { groups[id] = path }
            return path
        }
    }
}
