import Foundation

/// The dependencies a project's lock files pin: SwiftPM `Package.resolved` (formats 1 to 3), CocoaPods
/// `Podfile.lock` and Carthage `Cartfile.resolved`. A file that does not parse contributes nothing.
enum LockFiles {
    static let names: Set<String> = ["Package.resolved", "Podfile.lock", "Cartfile.resolved"]
    /// Folders whose lock files belong to the dependencies themselves, or to build output.
    static let skipped: Set<String> = [
        "Pods", ".build", "Checkouts", "DerivedData", "node_modules", ".git", "SourcePackages"
    ]
    /// How deep below the root lock files are looked for (an app's are at its root or an Xcode project's folder).
    static let depthLimit = 6

    static func components(under root: String) -> [SBOMComponent] {
        var out: [SBOMComponent] = []
        for path in find(under: root) {
            guard let data = FileManager.default.contents(atPath: root + "/" + path), data.count < 8 << 20 else {
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            switch (path as NSString).lastPathComponent {
            case "Package.resolved": out += packageResolved(data, source: path)
            case "Podfile.lock": out += podfileLock(text, source: path)
            default: out += cartfileResolved(text, source: path)
            }
        }
        return out
    }

    /// Lock files below `root`, relative to it, in path order; links are not followed.
    static func find(under root: String) -> [String] {
        var found: [String] = []
        func walk(_ relative: String, depth: Int) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard depth <= depthLimit, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for name in entries.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = root + "/" + path
                guard let type = try? FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType
                else { continue }
                if type == .typeDirectory, !skipped.contains(name) {
                    walk(path, depth: depth + 1)
                } else if type == .typeRegular, names.contains(name) {
                    found.append(path)
                }
            }
        }
        walk("", depth: 0)
        return found
    }

    /// `{"pins": [{"identity", "location", "state": {"version"}}]}` (formats 2 and 3) or
    /// `{"object": {"pins": [{"package", "repositoryURL", "state"}]}}` (format 1).
    static func packageResolved(_ data: Data, source: String) -> [SBOMComponent] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        let pins =
            (root["pins"] as? [[String: Any]]) ?? ((root["object"] as? [String: Any])?["pins"] as? [[String: Any]])
            ?? []
        return pins.compactMap { pin in
            let location = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String)
            guard let name = (pin["identity"] as? String) ?? (pin["package"] as? String) ?? location else { return nil }
            let state = pin["state"] as? [String: Any]
            let version = (state?["version"] as? String) ?? (state?["revision"] as? String)
            let purl = location.flatMap(Self.repositoryPath).map {
                "pkg:swift/\($0)" + (version.map { "@\($0)" } ?? "")
            }
            return SBOMComponent(
                kind: .library, name: name, version: version, purl: purl, source: source)
        }
    }

    /// `https://github.com/Alamofire/Alamofire.git` → `github.com/Alamofire/Alamofire`; `git@host:a/b.git` likewise.
    static func repositoryPath(_ location: String) -> String? {
        var rest = Substring(location)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
        } else if rest.hasPrefix("git@"), let colon = rest.firstIndex(of: ":") {
            rest = Substring(rest.dropFirst(4).prefix { $0 != ":" } + "/" + rest[rest.index(after: colon)...])
        } else {
            return nil
        }
        if let at = rest.firstIndex(of: "@"), !rest[..<at].contains("/") { rest = rest[rest.index(after: at)...] }
        if rest.hasSuffix(".git") { rest = rest.dropLast(4) }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return rest.isEmpty ? nil : String(rest)
    }

    /// The `PODS:` section: `  - Alamofire (5.8.1)` and `  - Firebase/Core (10.0.0):`, one component per pod
    /// (subspecs folded into their pod).
    static func podfileLock(_ text: String, source: String) -> [SBOMComponent] {
        var out: [SBOMComponent] = []
        var seen: Set<String> = []
        var inPods = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { inPods = line.hasPrefix("PODS:") }
            guard inPods, line.hasPrefix("  - "), let open = line.lastIndex(of: "("),
                let close = line.lastIndex(of: ")"), open < close
            else { continue }
            var name = line.dropFirst(4)[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\"") { name = String(name.dropFirst()) }
            name = String(name.prefix { $0 != "/" })
            let version = String(line[line.index(after: open)..<close])
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            out.append(
                SBOMComponent(
                    kind: .library, name: name, version: version, purl: "pkg:cocoapods/\(name)@\(version)",
                    source: source))
        }
        return out
    }

    /// `github "Alamofire/Alamofire" "5.8.1"`, `git "https://…/Repo.git" "v2.0"`, `binary "https://…json" "1.2"`.
    static func cartfileResolved(_ text: String, source: String) -> [SBOMComponent] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard parts.count >= 3 else { return nil }
            let (origin, location, version) = (parts[0], parts[1], parts[2])
            let name = String(location.split(separator: "/").last ?? Substring(location)).replacingOccurrences(
                of: ".git", with: "")
            let purl: String? =
                origin == "github"
                ? "pkg:github/\(location.lowercased())@\(version)"
                : origin == "git" ? repositoryPath(location).map { "pkg:swift/\($0)@\(version)" } : nil
            return SBOMComponent(kind: .library, name: name, version: version, purl: purl, source: source)
        }
    }
}
