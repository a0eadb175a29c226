import SwiftSyntax

/// The Swift file a rule is looking at, and where it reports: one per file, alive only while that file is
/// analysed.
public final class SwiftFile {
    /// Path relative to the scanned root, `/`-separated.
    public let path: String
    public let tree: SourceFileSyntax
    /// In a test target or test file: rules about shipping code stay quiet here.
    public let isTestCode: Bool
    /// In a fixtures / test-data folder.
    public let isFixture: Bool

    private let bytes: [UInt8]
    private var converterStorage: SourceLocationConverter?
    private(set) var findings: [Finding] = []
    private(set) var facts: [Fact] = []

    init(path: String, bytes: [UInt8], tree: SourceFileSyntax) {
        self.path = path
        self.bytes = bytes
        self.tree = tree
        self.isTestCode = PathTraits.isTestCode(path)
        self.isFixture = PathTraits.isFixture(path)
    }

    /// Built on first use: most files have no finding and never need line tables.
    var converter: SourceLocationConverter {
        if let converterStorage { return converterStorage }
        let made = SourceLocationConverter(fileName: path, tree: tree)
        converterStorage = made
        return made
    }

    /// 1-based line and UTF-8 column of a node's first token (leading trivia skipped).
    public func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let loc = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return (loc.line, loc.column)
    }

    /// Adds a finding of `rule` at `node`.
    public func report(
        _ rule: RuleDescription, at node: some SyntaxProtocol, message: String,
        severity: Severity? = nil, confidence: Confidence? = nil
    ) {
        let start = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia)
        findings.append(Finding(
            ruleId: rule.id, severity: severity ?? rule.severity, confidence: confidence ?? rule.confidence,
            title: rule.title, message: message, file: path,
            line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
            snippet: lineText(atOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset),
            masvs: rule.masvs, cwe: rule.cwe, fix: rule.fix))
    }

    /// Records a fact for project rules at `node`.
    public func record(kind: String, value: String, at node: some SyntaxProtocol) {
        let (line, column) = position(of: node)
        facts.append(Fact(kind: kind, value: value, file: path, line: line, column: column))
    }

    private func lineText(atOffset offset: Int) -> String {
        guard !bytes.isEmpty else { return "" }
        let clamped = min(max(offset, 0), bytes.count - 1)
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let trimmed = text.trimmingWhitespace()
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
