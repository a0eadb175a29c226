import Foundation

/// The Info.plists of a scanned folder that no target of its Xcode projects builds with: a plist left behind after
/// a redesign, a template, a target that was deleted. Decided only when every `INFOPLIST_FILE` of every project
/// resolves to a path; a value with another build variable in it (`$(TARGET_NAME)-Info.plist`) could name any plist,
/// and then none is called orphaned. Only plists beside an `.xcodeproj` or beside a plist a target uses are judged:
/// a folder of its own may be a CocoaPods or SwiftPM target (ChatSecure's `OTRAssets/`, built from a podspec), which
/// no Xcode project in the repository names. Folders with no Xcode project have none.
struct OrphanedInfoPlists {
    private let orphans: Set<String>

    init(facts: [Fact], files: [(path: String, kind: FileKind)]) {
        let settings = facts.filter { $0.kind == FactKind.infoPlistFile }
        guard !settings.isEmpty else {
            orphans = []
            return
        }
        var used: Set<String> = []
        var folders: Set<String> = []
        for fact in settings {
            guard let path = Self.resolve(fact.value, projectFile: fact.file) else {
                orphans = []
                return
            }
            used.insert(path)
            folders.insert(Self.folder(of: path))
            folders.insert(Self.folder(of: Self.folder(of: fact.file)))  // the .xcodeproj's folder
        }
        orphans = Set(
            files.lazy.filter {
                $0.kind == .infoPlist && !used.contains($0.path) && !$0.path.contains(".xcodeproj/")
                    && folders.contains(Self.folder(of: $0.path))
            }
            .map(\.path))
    }

    /// `a/b/Info.plist` → `a/b`; "" at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    func contains(_ path: String) -> Bool { orphans.contains(path) }

    /// `INFOPLIST_FILE` as a path relative to the scanned root: relative to the folder that holds the `.xcodeproj`,
    /// with `$(SRCROOT)` / `$(PROJECT_DIR)` (or `${…}`) in front allowed. nil when another variable is in it.
    static func resolve(_ value: String, projectFile: String) -> String? {
        var text = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "./"]
        where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        guard !text.isEmpty, !text.contains("$"), !text.hasPrefix("/") else { return nil }
        // `App.xcodeproj/project.pbxproj` → the folder the .xcodeproj is in.
        var parts = projectFile.split(separator: "/").map(String.init)
        parts.removeLast(min(2, parts.count))
        for component in text.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if parts.isEmpty { return nil } else { parts.removeLast() }
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }
}
