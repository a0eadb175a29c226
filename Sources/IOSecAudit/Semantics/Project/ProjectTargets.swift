/// The targets of a source tree, guessed from its folders: a target is the nearest folder that holds an
/// Info.plist (or, for projects with a generated Info.plist, a privacy manifest). A file belongs to the
/// deepest such folder above it; a privacy manifest belongs to the target of its folder.
struct ProjectTargets {
    /// App and extension Info.plists, shallowest first. `GoogleService-Info.plist` is Firebase configuration.
    let infoPlists: [String]
    let manifests: [String]
    private let infoFolders: [String]
    private let manifestFolders: [String]
    private let membership: TargetMembership

    init(_ project: ProjectContext) {
        infoPlists = project.files(of: .infoPlist)
            .filter { !$0.hasSuffix("GoogleService-Info.plist") }
            .sorted { (Self.depth($0), $0) < (Self.depth($1), $1) }
        manifests = project.files(of: .privacyManifest)
        infoFolders = infoPlists.map(Self.folder)
        manifestFolders = manifests.map(Self.folder)
        membership = TargetMembership(project)
    }

    /// The target folder of a file, or nil when no Info.plist or manifest sits above it.
    func target(of path: String) -> String? {
        let folder = Self.folder(path)
        return Self.deepest(infoFolders, containing: folder) ?? Self.deepest(manifestFolders, containing: folder)
    }

    /// The privacy manifests that cover a target. A single manifest covers the whole project; a file outside
    /// every target is covered by any manifest.
    func manifests(for target: String?) -> [String] {
        guard manifests.count > 1, let target else { return manifests }
        return manifests.filter { self.target(of: $0) == target }
    }

    /// The Info.plists that speak for a file: those of the shipping targets of the project's Xcode projects that
    /// compile it (every one when those are frameworks, whose code runs in the apps that embed them); else its
    /// folder target's; else every one.
    func infoPlists(for path: String) -> [String] {
        if let compiling = membership.infoPlists(ofTargetsCompiling: path) {
            let scanned = compiling.filter(infoPlists.contains)
            return scanned.isEmpty ? infoPlists : scanned
        }
        guard let target = target(of: path) else { return infoPlists }
        let own = infoPlists.filter { Self.folder($0) == target }
        return own.isEmpty ? infoPlists : own
    }

    /// `App/Auth/Login.swift` → `App/Auth`; `Info.plist` → ``.
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    private static func deepest(_ folders: [String], containing folder: String) -> String? {
        folders.filter { $0.isEmpty || folder == $0 || folder.hasPrefix($0 + "/") }.max { $0.count < $1.count }
    }
}

/// Which targets of the scanned Xcode projects compile a file, from `build.target…` facts: the shipping ones (and
/// their Info.plists), and whether only test targets do.
struct TargetMembership {
    private var plistsByTarget: [String: [String]] = [:]
    private var isTest: [String: Bool] = [:]
    private var targetsBySource: [String: [String]] = [:]
    private var folders: [(target: String, path: String, exceptions: Set<String>)] = []

    init(_ project: ProjectContext) {
        self.init(facts: { project.facts($0) })
    }

    /// `facts`: the scan's facts of a kind.
    init(facts: (String) -> [Fact]) {
        for fact in facts(FactKind.target) {
            let fields = FactKind.fields(fact.value, count: 3)
            isTest[fields[0]] = fields[1] == "test"
            guard fields[1] == "ship" else { continue }
            plistsByTarget[fields[0]] = fields[2].split(separator: "\u{1E}").map(String.init)
        }
        guard !isTest.isEmpty else { return }
        for fact in facts(FactKind.targetSource) {
            let fields = FactKind.fields(fact.value, count: 2)
            targetsBySource[fields[1], default: []].append(fields[0])
        }
        for fact in facts(FactKind.targetFolder) {
            let fields = FactKind.fields(fact.value, count: 3)
            folders.append((fields[0], fields[1], Set(fields[2].split(separator: "\u{1E}").map(String.init))))
        }
    }

    /// Every target that compiles `path`: by its sources, or a synchronized folder that does not except it.
    private func targets(compiling path: String) -> [String] {
        var targets = targetsBySource[path] ?? []
        for folder in folders where path.hasPrefix(folder.path + "/") {
            if !folder.exceptions.contains(String(path.dropFirst(folder.path.count + 1))) {
                targets.append(folder.target)
            }
        }
        return targets
    }

    /// The Info.plists of the shipping targets that compile `path`; nil when no shipping Xcode target does.
    func infoPlists(ofTargetsCompiling path: String) -> [String]? {
        let targets = targets(compiling: path).filter { plistsByTarget[$0] != nil }
        guard !targets.isEmpty else { return nil }
        var plists: [String] = []
        for target in targets {
            for plist in plistsByTarget[target] ?? [] where !plists.contains(plist) { plists.append(plist) }
        }
        return plists.sorted()
    }

    /// True when `path` sits in a target's synchronized folder that excepts it, and no target compiles it: the
    /// project leaves it out of every build.
    func isExcludedFromEveryTarget(_ path: String) -> Bool {
        targets(compiling: path).isEmpty
            && folders.contains {
                path.hasPrefix($0.path + "/") && $0.exceptions.contains(String(path.dropFirst($0.path.count + 1)))
            }
    }

    /// True when some target compiles `path` and every one that does is a test target.
    func isCompiledOnlyByTests(_ path: String) -> Bool {
        let targets = targets(compiling: path)
        return !targets.isEmpty && targets.allSatisfy { isTest[$0] == true }
    }
}
