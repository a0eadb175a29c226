import Crypto
import Foundation
import IOSecCore

/// What each file contributed to the last scan of a folder, keyed by everything that decides it: iosec's build, the
/// scan's settings, the project's constants (a name in one file resolves to a literal in another) and the file's
/// path and bytes. A file whose key is unchanged is not read by the rules again; project rules always run, over the
/// facts of every file. One JSON file per scanned folder, written whole (to a temporary file, then renamed).
final class ResultCache: @unchecked Sendable {  // entries are read before and written after the parallel phase
    static let formatVersion = 4

    private let file: String
    private let salt: String
    private var previous: [String: FileOutcome] = [:]
    private let lock = NSLock()
    private var current: [String: FileOutcome] = [:]
    private(set) var hits = 0

    /// The cache for scanning `root` with `options`, in `folder`. A missing or unreadable cache is an empty one.
    init(folder: String, root: String, options: ScanOptions, rules: RuleSet, constants: ConstantIndex) {
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        file = folder + "/scan-" + Self.hex(SHA256.hash(data: Data(absolute.utf8))).prefix(24) + ".json"
        salt = Self.salt(options: options, rules: rules, constants: constants)
        if let data = FileManager.default.contents(atPath: file),
            let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == Self.formatVersion
        {
            previous = stored.entries
        }
    }

    private struct Stored: Codable {
        var version: Int
        var entries: [String: FileOutcome]
    }

    func key(path: String, bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(salt.utf8))
        hasher.update(data: Data(path.utf8))
        hasher.update(data: [0])
        hasher.update(data: bytes)
        return Self.hex(hasher.finalize())
    }

    func lookup(_ key: String) -> FileOutcome? {
        guard let outcome = previous[key] else { return nil }
        lock.lock()
        hits += 1
        current[key] = outcome
        lock.unlock()
        return outcome
    }

    func store(_ outcome: FileOutcome, for key: String) {
        // A file cut short by the time limit is analysed again next time, on a machine that may be less busy.
        guard !outcome.diagnostics.contains(where: { $0.message.hasPrefix("analysis stopped at line") }) else {
            return
        }
        lock.lock()
        current[key] = outcome
        lock.unlock()
    }

    /// Keeps this scan's entries only (files gone or changed drop out). A cache that cannot be written costs the
    /// next scan its speed, not this scan its result.
    func save() {
        lock.lock()
        let entries = current
        lock.unlock()
        guard let data = try? JSONEncoder().encode(Stored(version: Self.formatVersion, entries: entries)) else {
            return
        }
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    /// Everything besides the file itself that decides what a file contributes.
    private static func salt(options: ScanOptions, rules: RuleSet, constants: ConstantIndex) -> String {
        let ruleIds = rules.descriptions.map(\.id).sorted().joined(separator: ",")
        let visitors = rules.swiftVisitors.map { "\($0)" }.joined(separator: ",")
        let timeLimit = options.fileTimeLimit.map { "\($0)" } ?? "none"
        var parts: [String] = ["format \(formatVersion)", "iosec \(IOSecVersion.current)", buildIdentity()]
        parts.append("rules \(ruleIds)")
        parts.append("visitors \(visitors)")
        parts.append(
            "max \(options.maxFileSize) swift \(options.maxSwiftFileSize) time \(timeLimit) generated \(options.includeGenerated)"
        )
        parts.append("production \(options.production) " + options.releaseAppIDs.sorted().joined(separator: ","))
        parts.append("sensitive " + options.vocabulary.sensitiveNames.joined(separator: ","))
        parts.append("not sensitive " + options.vocabulary.notSensitiveNames.joined(separator: ","))
        parts.append("constants " + constants.digest)
        return parts.joined(separator: "\n")
    }

    /// The running executable's size and modification time: a rebuilt iosec never reads an older build's results.
    private static func buildIdentity() -> String {
        guard let path = Bundle.main.executablePath,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        else { return "build unknown" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "build \(path) \(size) \(modified)"
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

}

/// Where result caches live unless told otherwise.
public enum ScanCaches {
    /// `$XDG_CACHE_HOME/iosec`, `~/Library/Caches/iosec` on macOS, else `~/.cache/iosec`.
    public static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/iosec" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS)
        return home + "/Library/Caches/iosec"
        #else
        return home + "/.cache/iosec"
        #endif
    }
}
