import Crypto
import Foundation

/// Findings a team has accepted for now, so a scan reports only new ones (`--baseline`, `--write-baseline`).
///
/// An entry is a finding's rule, file and a fingerprint of its source line with runs of whitespace made one space:
/// not its line number, so code moving up or down stays matched, and not the line itself, so the file holds no
/// source (a hard-coded key stays out of it). Matching counts: two identical findings in one file need two entries.
/// Files are relative to the repository root (``ScanSettings/baselinePrefix``), so scanning a sub-folder uses the
/// same baseline.
///
/// ```swift
/// let baseline = Baseline(findings: result.findings, pathPrefix: "MyApp")
/// try baseline.write(to: "iosec-baseline.json")
/// // later
/// var next = try Scanner().scan("MyApp")
/// try Baseline.read(from: "iosec-baseline.json").filter(&next, pathPrefix: "MyApp")
/// next.baseline  // BaselineComparison(baselined: 12, fixed: 1)
/// ```
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Codable, Comparable {
        public var ruleId: String
        public var file: String
        public var fingerprint: String

        public init(ruleId: String, file: String, fingerprint: String) {
            self.ruleId = ruleId
            self.file = file
            self.fingerprint = fingerprint
        }

        /// `pathPrefix`: the scanned folder relative to the folder baseline paths start from ("" when the same).
        public init(_ finding: Finding, pathPrefix: String = "") {
            self.init(
                ruleId: finding.ruleId, file: pathPrefix.isEmpty ? finding.file : pathPrefix + "/" + finding.file,
                fingerprint: Baseline.fingerprint(finding.snippet))
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.ruleId, a.fingerprint) < (b.file, b.ruleId, b.fingerprint)
        }
    }

    /// Sorted, duplicates kept.
    public private(set) var entries: [Entry]

    public static let formatVersion = 1

    public init(entries: [Entry]) { self.entries = entries.sorted() }

    /// The findings that count (not suppressed) become entries.
    public init(findings: [Finding], pathPrefix: String = "") {
        self.init(entries: findings.filter { !$0.suppressed }.map { Entry($0, pathPrefix: pathPrefix) })
    }

    /// SHA-256 of the line's text with whitespace collapsed, first 16 bytes in hex: re-indenting or re-wrapping
    /// spaces does not change it.
    public static func fingerprint(_ line: String) -> String {
        let normalized = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return SHA256.hash(data: Data(normalized.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    // MARK: - Comparing

    /// Takes out of `result.findings` the findings the baseline holds, counting them and the entries nothing
    /// matched. Suppressed findings are left alone.
    public func filter(_ result: inout ScanResult, pathPrefix: String = "") {
        result.baseline = filter(&result.findings, pathPrefix: pathPrefix) { result.baselined.append($0) }
    }

    /// Takes out of `findings` those the baseline holds, handing each to `removed`.
    func filter(_ findings: inout [Finding], pathPrefix: String, removed: (Finding) -> Void) -> BaselineComparison {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var baselined = 0
        findings.removeAll { finding in
            guard !finding.suppressed else { return false }
            let entry = Entry(finding, pathPrefix: pathPrefix)
            guard let count = remaining[entry], count > 0 else { return false }
            remaining[entry] = count - 1
            baselined += 1
            removed(finding)
            return true
        }
        return BaselineComparison(baselined: baselined, fixed: remaining.values.reduce(0, +))
    }

    /// A baseline a scan compares with (`ScanOptions.baselines`), and the prefix its paths are written with.
    public struct InForce: Sendable {
        public var baseline: Baseline
        public var pathPrefix: String

        public init(_ baseline: Baseline, pathPrefix: String = "") {
            self.baseline = baseline
            self.pathPrefix = pathPrefix
        }
    }

    // MARK: - File

    private struct Document: Codable {
        var version: Int
        var entries: [Entry]
    }

    /// Stable JSON: sorted keys, sorted entries, two-space indentation, a final newline; the same findings give the
    /// same bytes.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain strings and integers always encode.
        let data = (try? encoder.encode(Document(version: Self.formatVersion, entries: entries))) ?? Data()
        // Foundation's pretty printing indents by two spaces on Linux and macOS alike, and ends without a newline.
        return data + Data("\n".utf8)
    }

    public func write(to path: String) throws(BaselineError) {
        do {
            try encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BaselineError(file: path, message: "could not be written: \(FileDiscovery.reason(error))")
        }
    }

    public static func read(from path: String) throws(BaselineError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw BaselineError(
                file: path,
                message: missing
                    ? "no such baseline file (create it with --write-baseline)"
                    : "could not be read: \(FileDiscovery.reason(error))")
        }
        return try decode(data, file: path)
    }

    static func decode(_ data: Data, file: String) throws(BaselineError) -> Baseline {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw BaselineError(file: file, message: "is not valid JSON (\(Self.describe(context)))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw BaselineError(
                file: file, message: "is not an iosec baseline: '\(key.stringValue)' is missing at \(path(context))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw BaselineError(
                file: file, message: "is not an iosec baseline: wrong kind of value at \(path(context))")
        } catch {
            throw BaselineError(file: file, message: "is not an iosec baseline: \(error)")
        }
        guard document.version == formatVersion else {
            throw BaselineError(
                file: file,
                message: "has format version \(document.version); this iosec reads version \(formatVersion)")
        }
        return Baseline(entries: document.entries)
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return underlying ?? context.debugDescription
    }
}

/// What comparing with a baseline left out.
public struct BaselineComparison: Sendable, Hashable, Codable {
    /// Findings the baseline held: not reported, not counted for `--fail-on`.
    public var baselined: Int
    /// Baseline entries no finding matched: fixed (or moved to another file) since the baseline was written.
    public var fixed: Int

    public init(baselined: Int, fixed: Int) {
        self.baselined = baselined
        self.fixed = fixed
    }
}

/// A baseline file that cannot be read or written.
public struct BaselineError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)" }
}
