import Foundation
import IOSecCore
internal import Yams

/// A project's `.iosec.yml`: what `iosec scan` should do without flags, so a build plugin, a pre-commit hook and CI
/// all scan the same way.
///
/// ```yaml
/// exclude: [Generated, "*.pb.swift"]
/// disabled_rules: [resilience.jailbreak-detection-weak]
/// severity: { network.cleartext-url: high }
/// fail_on: medium
/// sensitive_names: [vaultCode]
/// ```
///
/// Every key is optional; a key the scan does not know, or a value of the wrong kind, is a ``ConfigError`` naming
/// the file, line and column. Globs and paths are relative to the file's folder.
public struct ConfigFile: Sendable, Equatable {
    /// The file's name, looked up from the scanned path upwards.
    public static let fileName = ".iosec.yml"

    /// The path the file was read from.
    public var path: String
    /// Its folder, absolute: what globs and paths in it are relative to.
    public var folder: String

    public var include: [String] = []
    public var exclude: [String] = []
    public var disabledRules: [String] = []
    public var onlyRules: [String]?
    public var severity: [String: Severity] = [:]
    public var failOn: FailThreshold?
    public var minConfidence: Confidence?
    public var includeTests: Bool?
    public var includeContexts: Set<CodeContext> = []
    public var includeVendored: Bool?
    public var thirdPartyFolders: [String] = []
    public var production: Bool?
    public var releaseAppIDs: [String]?
    public var sensitiveNames: [String] = []
    public var notSensitiveNames: [String] = []
    /// Absolute (resolved against ``folder``).
    public var baseline: String?
    public var maxFileSizeMB: Double?

    public init(path: String, folder: String) {
        self.path = path
        self.folder = folder
    }

    /// Every key, in the order `iosec init` explains them.
    public static let keys: [String] = [
        "include", "exclude", "disabled_rules", "only_rules", "severity", "fail_on", "min_confidence", "include_tests",
        "include_contexts", "include_vendored", "third_party_folders", "production", "release_app_ids",
        "sensitive_names", "not_sensitive_names", "baseline", "max_file_size"
    ]
    /// SwiftLint's spelling of the same keys, accepted too.
    static let aliases: [String: String] = ["included": "include", "excluded": "exclude"]

    /// Larger than any hand-written configuration; keeps a wrong `--config` from reading a huge file.
    static let maximumSize = 1 << 20

    // MARK: - Finding and reading

    /// The `.iosec.yml` that applies to `scanPath`: in its folder (a file's own folder) or the nearest one above,
    /// looking no higher than the repository root (the folder holding `.git`) or the filesystem root.
    public static func locate(from scanPath: String) -> String? {
        let absolute = URL(fileURLWithPath: scanPath).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else { return nil }
        var folder = isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent
        folder = FileDiscovery.realPath(folder) ?? folder
        while true {
            let candidate = (folder as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = (folder as NSString).deletingLastPathComponent
            let atRepositoryRoot = FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent(".git"))
            if atRepositoryRoot || parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// Reads and checks the file at `path`.
    public static func load(_ path: String) throws(ConfigError) -> ConfigFile {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                throw ConfigError(file: path, message: "is a folder, not a configuration file")
            }
            if let size = attributes[.size] as? NSNumber, size.intValue > maximumSize {
                throw ConfigError(
                    file: path, message: "is \(size.intValue / 1024) KB; a configuration file is at most 1 MB")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(file: path, message: "could not be read: \(FileDiscovery.reason(error))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, message: "is not UTF-8 text")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let folder = (absolute as NSString).deletingLastPathComponent
        return try parse(text, path: path, folder: FileDiscovery.realPath(folder) ?? folder)
    }

    /// Checks configuration text; `path` names it in errors, `folder` is what its paths are relative to.
    public static func parse(_ text: String, path: String, folder: String) throws(ConfigError) -> ConfigFile {
        var config = ConfigFile(path: path, folder: folder)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ConfigError(yaml: error, file: path)
        }
        guard let root else { return config }  // empty, or comments only
        guard case .mapping(let mapping) = root else {
            throw ConfigError(
                file: path, at: root.mark, message: "the file must be a mapping of keys to values (`fail_on: high`)")
        }
        let reader = Reader(file: path)
        var seen: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw ConfigError(file: path, at: keyNode.mark, message: "a key must be a plain name")
            }
            let written = scalar.string
            guard let key = keys.contains(written) ? written : aliases[written] else {
                throw ConfigError(
                    file: path, at: keyNode.mark,
                    message: "unknown key '\(written)'" + Suggestion.didYouMean(written, in: keys + aliases.keys)
                        + "; the keys are: " + keys.joined(separator: ", "))
            }
            if let earlier = seen[key], let line = earlier.mark?.line {
                throw ConfigError(file: path, at: keyNode.mark, message: "'\(key)' is already set on line \(line)")
            }
            seen[key] = keyNode
            try reader.read(key: key, value: value, into: &config)
        }
        return config
    }

    /// The project's vocabulary for the sensitivity matcher.
    public var vocabulary: SensitiveVocabulary {
        SensitiveVocabulary(sensitiveNames: sensitiveNames, notSensitiveNames: notSensitiveNames)
    }
}

/// Reads each key's value, checking its kind.
private struct Reader {
    let file: String

    func read(key: String, value: Node, into config: inout ConfigFile) throws(ConfigError) {
        switch key {
        case "include": config.include = try globs(value, key)
        case "exclude": config.exclude = try globs(value, key)
        case "disabled_rules": config.disabledRules = try ruleIds(value, key)
        case "only_rules": config.onlyRules = try ruleIds(value, key)
        case "severity":
            for (ruleNode, levelNode) in try mapping(value, key) {
                let id = try ruleId(ruleNode, key)
                config.severity[id] = try severity(levelNode, "severity of \(id)")
            }
        case "fail_on":
            let word = try string(value, key)
            guard let threshold = FailThreshold(word) else {
                throw error(
                    value, "fail_on must be one of \(FailThreshold.names.joined(separator: ", ")), not '\(word)'")
            }
            config.failOn = threshold
        case "min_confidence":
            let word = try string(value, key).lowercased()
            guard let confidence = Confidence(rawValue: word) else {
                throw error(value, "min_confidence must be one of high, medium, low, not '\(word)'")
            }
            config.minConfidence = confidence
        case "include_tests": config.includeTests = try bool(value, key)
        case "include_contexts":
            for node in try items(value, key) {
                let word = try string(node, key).lowercased()
                if word == "all" {
                    config.includeContexts.formUnion(CodeContext.allCases)
                } else if let context = CodeContext(rawValue: word) {
                    config.includeContexts.insert(context)
                } else {
                    let known = CodeContext.allCases.map(\.rawValue).joined(separator: ", ")
                    throw error(node, "unknown code context '\(word)'; use \(known) or all")
                }
            }
        case "include_vendored": config.includeVendored = try bool(value, key)
        case "third_party_folders":
            config.thirdPartyFolders = try items(value, key).map { node throws(ConfigError) in
                let name = try string(node, key)
                guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                    throw error(node, "third_party_folders takes folder names (Vendor, ThirdParty), not '\(name)'")
                }
                return name
            }
        case "production": config.production = try bool(value, key)
        case "release_app_ids":
            config.releaseAppIDs = try items(value, key).map { node throws(ConfigError) in
                let id = try string(node, key)
                if let problem = AppID.problem(with: id) { throw error(node, "release_app_ids: \(problem)") }
                return id
            }
        case "sensitive_names": config.sensitiveNames = try names(value, key)
        case "not_sensitive_names": config.notSensitiveNames = try names(value, key)
        case "baseline":
            let path = try string(value, key)
            guard !path.isEmpty else { throw error(value, "baseline needs a file path") }
            config.baseline =
                path.hasPrefix("/")
                ? path : URL(fileURLWithPath: config.folder).appendingPathComponent(path).standardizedFileURL.path
        case "max_file_size":
            guard case .scalar = value, let megabytes = value.float, megabytes > 0, megabytes.isFinite else {
                throw error(value, "max_file_size must be a positive number of MB")
            }
            config.maxFileSizeMB = megabytes
        default:
            throw error(value, "unknown key '\(key)'")
        }
    }

    // MARK: Kinds of value

    func error(_ node: Node, _ message: String) -> ConfigError {
        ConfigError(file: file, at: node.mark, message: message)
    }

    /// `key:` with nothing after it, or `~`.
    func isNull(_ node: Node) -> Bool { node.null != nil }

    func string(_ node: Node, _ key: String) throws(ConfigError) -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw error(node, "\(key) must be \(isNull(node) ? "given a value" : "a single value, not a list")")
        }
        return scalar.string
    }

    func bool(_ node: Node, _ key: String) throws(ConfigError) -> Bool {
        guard case .scalar(let scalar) = node else { throw error(node, "\(key) must be true or false") }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(node, "\(key) must be true or false, not '\(scalar.string)'")
        }
    }

    /// A list, a single value (one item) or nothing (no items).
    func items(_ node: Node, _ key: String) throws(ConfigError) -> [Node] {
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case .scalar: return isNull(node) ? [] : [node]
        default: throw error(node, "\(key) must be a list")
        }
    }

    func mapping(_ node: Node, _ key: String) throws(ConfigError) -> Node.Mapping {
        if isNull(node) { return Node.Mapping([]) }
        guard case .mapping(let mapping) = node else {
            throw error(node, "\(key) must map rule ids to severities (`crypto.weak-hash: high`)")
        }
        return mapping
    }

    func severity(_ node: Node, _ what: String) throws(ConfigError) -> Severity {
        let word = try string(node, what)
        guard let level = Severity(rawValue: word.lowercased()) else {
            let known = Severity.descending.map(\.rawValue).joined(separator: ", ")
            throw error(node, "\(what) must be one of \(known), not '\(word)'")
        }
        return level
    }

    func ruleId(_ node: Node, _ key: String) throws(ConfigError) -> String {
        let id = try string(node, key)
        guard RuleRegistry.allIds.contains(id) else {
            throw error(
                node,
                "unknown rule '\(id)' in \(key)" + Suggestion.didYouMean(id, in: RuleRegistry.allIds)
                    + " (`iosec rules` lists them)")
        }
        return id
    }

    func ruleIds(_ node: Node, _ key: String) throws(ConfigError) -> [String] {
        try items(node, key).map { item throws(ConfigError) in try ruleId(item, key) }
    }

    func globs(_ node: Node, _ key: String) throws(ConfigError) -> [String] {
        try items(node, key).map { item throws(ConfigError) in
            let pattern = try string(item, key)
            guard !pattern.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw error(item, "\(key): an empty pattern matches nothing")
            }
            guard !pattern.hasPrefix("/") else {
                throw error(item, "\(key): '\(pattern)' must be relative to the configuration file's folder")
            }
            return pattern
        }
    }

    func names(_ node: Node, _ key: String) throws(ConfigError) -> [String] {
        try items(node, key).map { item throws(ConfigError) in
            let name = try string(item, key)
            guard !SensitiveName.words(name).isEmpty else {
                throw error(item, "\(key): '\(name)' has no letters or digits to match")
            }
            return name
        }
    }
}

/// When `iosec scan` exits 1: at or above a severity, or never (`none`).
public enum FailThreshold: Sendable, Hashable {
    case never
    case atOrAbove(Severity)

    public init?(_ text: String) {
        let word = text.lowercased()
        if word == "none" {
            self = .never
        } else if let severity = Severity(rawValue: word) {
            self = .atOrAbove(severity)
        } else {
            return nil
        }
    }

    /// nil: never fails.
    public var severity: Severity? {
        if case .atOrAbove(let severity) = self { return severity }
        return nil
    }

    public static let names = Severity.descending.map(\.rawValue) + ["none"]
}

/// A configuration file that cannot be used: where, and why.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is the whole file.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(file: String, at mark: Mark?, message: String) {
        self.init(file: file, line: mark?.line, column: mark?.column, message: message)
    }

    /// A YAML syntax error, at the place libyaml gives.
    init(yaml error: Error, file: String) {
        let message: String
        var mark: Mark?
        switch error {
        case YamlError.scanner(let context, let problem, let at, _),
            YamlError.parser(let context, let problem, let at, _),
            YamlError.composer(let context, let problem, let at, _):
            mark = at
            message = "invalid YAML: \(problem)" + (context.map { " (\($0.text))" } ?? "")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            mark = context.mark
            message = "a key is set twice: \(duplicates.joined(separator: ", "))"
        case YamlError.reader(let problem, _, _, _):
            message = "invalid YAML: \(problem)"
        default:
            message = "invalid YAML: \(error)"
        }
        self.init(file: file, at: mark, message: message)
    }

    /// `path:line:column: message`, as compilers print it, so editors and CI logs link to the place.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(place): \(message)"
    }
}

/// "did you mean …" for a misspelt key or rule id.
enum Suggestion {
    static func didYouMean<S: Sequence<String>>(_ word: String, in candidates: S) -> String {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate)
            if best == nil || d < best!.distance || (d == best!.distance && candidate < best!.candidate) {
                best = (candidate, d)
            }
        }
        guard let best, best.distance <= max(2, word.count / 4) else { return "" }
        return " (did you mean '\(best.candidate)'?)"
    }

    /// Levenshtein distance over UTF-8 bytes.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
