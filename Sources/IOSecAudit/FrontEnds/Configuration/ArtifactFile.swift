/// A non-Swift file being analysed, and where its rules report.
public final class ArtifactFile {
    /// Relative to the scanned root, `/`-separated.
    public let path: String
    public let kind: FileKind
    public let bytes: [UInt8]
    public let options: ScanOptions
    /// In a test target or fixtures folder.
    public let isTestCode: Bool
    private(set) var findings: [Finding] = []
    private(set) var facts: [Fact] = []
    private var lineStarts: [Int]?
    private var textStorage: String?
    /// Per-file cache for parsed forms (plist, JSON) shared by the rules of this file.
    private var cache: [String: Any] = [:]
    /// The Objective-C front end's reading (`objc`), kept out of `cache`: some forty matchers ask for it per file, and
    /// a lookup by string for each cost more than several of them.
    var objcSource: ObjCSource?
    /// The databases the project gives a key (`ConstantIndex.databaseEncryption`), for the Objective-C matchers.
    var databaseEncryption: DatabaseEncryption = []

    init(path: String, kind: FileKind, bytes: [UInt8], options: ScanOptions) {
        self.path = path
        self.kind = kind
        self.bytes = bytes
        self.options = options
        let components = PathBytes(path)
        self.isTestCode = PathTraits.isTestCode(components) || PathTraits.isFixture(components)
    }

    /// The file as text (invalid UTF-8 replaced).
    public var text: String {
        if let textStorage { return textStorage }
        let made = String(decoding: bytes, as: UTF8.self)
        textStorage = made
        return made
    }

    /// Parses once per file: the first rule that asks pays, the others share the result.
    public func parsed<T>(_ key: String, _ make: (ArtifactFile) -> T) -> T {
        // Unwrap the dictionary's optional first: `nil as? T` succeeds when T is itself optional.
        if let stored = cache[key], let hit = stored as? T { return hit }
        let value = make(self)
        cache[key] = value
        return value
    }

    /// The text of a 1-based line, trimmed.
    public func lineText(_ line: Int) -> String {
        let starts = lineOffsets()
        guard line >= 1, line <= starts.count else { return "" }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let trimmed = String(decoding: bytes[start..<end], as: UTF8.self).trimmingWhitespace()
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }

    /// The 1-based line holding UTF-8 byte `offset`.
    public func line(atOffset offset: Int) -> Int {
        let starts = lineOffsets()
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// Adds a finding of `rule` at a line (and column) of this file.
    public func report(
        _ rule: RuleDescription, line: Int, column: Int = 1, snippet shown: String? = nil, message: String,
        severity: Severity? = nil, confidence: Confidence? = nil, context: CodeContext? = nil,
        evidence: Evidence = .api, flow: [FlowStep] = []
    ) {
        // Binary formats (a provisioning profile) have no line to show: the rule says what to show instead.
        let snippet = shown ?? lineText(line)
        findings.append(
            Finding(
                rule, at: FindingLocation(file: path, line: line, column: column, snippet: snippet), message: message,
                severity: severity, confidence: confidence, codeContext: context, evidence: evidence, flow: flow))
    }

    /// Reports at the first non-blank character of a line, where a plist key or build setting starts (line 1
    /// when the format has no lines, as binary plists).
    public func report(
        _ rule: RuleDescription, atLineStart line: Int?, message: String,
        severity: Severity? = nil, confidence: Confidence? = nil
    ) {
        let line = line ?? 1
        report(
            rule, line: line, column: indentColumn(ofLine: line), message: message, severity: severity,
            confidence: confidence)
    }

    /// 1-based UTF-8 column of the first non-blank byte of a 1-based line (1 when out of range).
    public func indentColumn(ofLine line: Int) -> Int {
        let starts = lineOffsets()
        guard line >= 1, line <= starts.count else { return 1 }
        var i = starts[line - 1]
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i - starts[line - 1] + 1
    }

    /// Records a fact for project rules.
    public func record(kind: String, value: String, line: Int, column: Int = 1) {
        facts.append(Fact(kind: kind, value: value, file: path, line: line, column: column))
    }

    private func lineOffsets() -> [Int] {
        if let lineStarts { return lineStarts }
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") && i + 1 <= bytes.count { starts.append(i + 1) }
        if starts.last == bytes.count, bytes.count > 0 { starts.removeLast() }
        lineStarts = starts
        return starts
    }
}
