import Crypto
import Foundation

/// Where a report's paths start. Findings carry paths relative to the scanned folder; Xcode wants absolute paths,
/// and GitHub, GitLab and code scanning want paths relative to the repository, which differ when a sub-folder is
/// scanned (`iosec scan MyApp` from the repository root).
public struct ReportPaths: Sendable {
    /// Absolute folder the findings' paths are relative to (the parent folder when one file was scanned).
    public let baseDirectory: String
    /// Absolute repository root: `baseDirectory` itself when no repository was given or it does not hold it.
    public let sourceRoot: String
    /// `baseDirectory` relative to `sourceRoot`, ending in `/`, or empty.
    public let prefix: String

    public init(scanRoot: String, repositoryRoot: String? = nil) {
        let root = Self.absolute(scanRoot)
        var isDirectory: ObjCBool = true
        // A root that no longer exists (tests, reports rendered later) is taken to be a folder.
        let exists = FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory)
        let base = exists && !isDirectory.boolValue ? (root as NSString).deletingLastPathComponent : root
        baseDirectory = base
        if let repositoryRoot {
            let repository = Self.absolute(repositoryRoot)
            if base == repository {
                sourceRoot = repository
                prefix = ""
                return
            }
            let withSlash = repository.hasSuffix("/") ? repository : repository + "/"
            if base.hasPrefix(withSlash) {
                sourceRoot = repository
                prefix = String(base.dropFirst(withSlash.count)) + "/"
                return
            }
        }
        sourceRoot = base
        prefix = ""
    }

    /// A finding's path relative to the repository (or the scanned folder).
    public func relative(_ file: String) -> String { prefix + file }

    /// A finding's absolute path.
    public func absolute(_ file: String) -> String {
        baseDirectory == "/" ? "/" + file : baseDirectory + "/" + file
    }

    /// The git repository holding `path`: the nearest folder upwards with a `.git` folder or file (worktrees and
    /// submodules have a file), or nil.
    public static func repositoryRoot(containing path: String) -> String? {
        var folder = absolute(path)
        while true {
            if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Identities of findings that survive edits elsewhere in the file: a hash of the rule, the file's path relative to
/// the scanned folder and the finding line's text with whitespace collapsed (not its number), plus the occurrence
/// index among findings with the same key. SARIF, GitLab and Code Climate reports share them, so one finding has
/// one identity in every format.
public enum FindingFingerprint {
    /// One fingerprint per finding, in order: `<32 hex digits>:<occurrence>`. Computed over every finding,
    /// suppressed ones included, so suppressing one does not shift the others' occurrence index.
    public static func of(_ findings: [Finding]) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let normalized = finding.snippet.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let key = "\(finding.ruleId)\u{0}\(finding.file)\u{0}\(normalized)"
            let occurrence = seen[key, default: 0] + 1
            seen[key] = occurrence
            return "\(hex(SHA256.hash(data: Data(key.utf8)).prefix(16))):\(occurrence)"
        }
    }

    /// A UUID (version 5 layout, SHA-256 instead of SHA-1) named by a fingerprint: GitLab asks for UUID ids.
    public static func uuid(_ fingerprint: String) -> String {
        var bytes = Array(SHA256.hash(data: Data("iosec\u{0}\(fingerprint)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = hex(bytes)
        let cuts = [8, 12, 16, 20]
        var out = ""
        for (index, character) in digits.enumerated() {
            if cuts.contains(index) { out += "-" }
            out.append(character)
        }
        return out
    }

    /// 32 hex digits naming a fingerprint, for formats that expect a plain hash (Code Climate).
    public static func digest(_ fingerprint: String) -> String {
        hex(SHA256.hash(data: Data("iosec\u{0}\(fingerprint)".utf8)).prefix(16))
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
