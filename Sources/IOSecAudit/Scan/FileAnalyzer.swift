import Foundation
import SwiftParser
import SwiftSyntax

/// What one file contributed to the scan.
struct FileOutcome: Sendable {
    var findings: [Finding] = []
    var facts: [Fact] = []
    var diagnostics: [Diagnostic] = []
    var bytes = 0
    var analyzed = false
}

/// Reads and analyses one file: read once, parse once, one walk for all Swift rules.
struct FileAnalyzer: Sendable {
    let swiftRules: [any SwiftRule.Type]
    let knownRuleIds: Set<String>
    let maxFileSize: Int

    func analyze(_ file: DiscoveredFile) -> FileOutcome {
        var outcome = FileOutcome()
        let path = file.relativePath
        guard file.size <= maxFileSize else {
            outcome.diagnostics.append(Diagnostic(
                file: path,
                message: "skipped: \(Self.megabytes(file.size)) is over the \(Self.megabytes(maxFileSize)) limit (likely generated; raise it with --max-file-size)"))
            return outcome
        }
        let bytes: [UInt8]
        do {
            bytes = try Self.read(file.absolutePath)
        } catch {
            outcome.diagnostics.append(Diagnostic(file: path, message: "could not be read: \(FileDiscovery.reason(error))"))
            return outcome
        }
        outcome.bytes = bytes.count

        switch file.kind {
        case .swift:
            analyzeSwift(bytes, path: path, into: &outcome)
        default:
            // Other kinds are discovered here; their analysers are added with the configuration rules.
            return outcome
        }
        return outcome
    }

    private func analyzeSwift(_ bytes: [UInt8], path: String, into outcome: inout FileOutcome) {
        if TextChecks.looksBinary(bytes) {
            outcome.diagnostics.append(Diagnostic(file: path, message: "skipped: binary content in a .swift file"))
            return
        }
        if let line = TextChecks.firstInvalidUTF8Line(bytes) {
            outcome.diagnostics.append(Diagnostic(file: path, message: "invalid UTF-8 at line \(line); scanned with the invalid bytes replaced"))
        }
        Self.analyzeSwiftText(bytes, path: path, rules: swiftRules, knownRuleIds: knownRuleIds, into: &outcome)
    }

    /// Parse once, walk once with every rule, then apply the file's suppressions.
    static func analyzeSwiftText(
        _ bytes: [UInt8], path: String, rules: [any SwiftRule.Type], knownRuleIds: Set<String>,
        into outcome: inout FileOutcome
    ) {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let file = SwiftFile(path: path, bytes: bytes, tree: tree)
        // Invalid UTF-8 already explains the parse errors it causes: one diagnostic per file.
        if tree.hasError, !outcome.diagnostics.contains(where: { $0.file == path }) {
            let line = file.position(of: Self.firstErrorNode(in: Syntax(tree))).line
            outcome.diagnostics.append(Diagnostic(
                file: path, message: "syntax error near line \(line) (or nesting too deep); findings in the unparsed part may be missing"))
        }
        RuleDispatcher(ruleTypes: rules, file: file).run()
        outcome.analyzed = true
        outcome.findings = file.findings
        outcome.facts = file.facts
        let suppressions = Suppressions(bytes: bytes)
        outcome.diagnostics += suppressions.apply(to: &outcome.findings, file: path, knownRuleIds: knownRuleIds)
    }

    /// Follows the error flag down one path: cheap even on large trees.
    private static func firstErrorNode(in node: Syntax) -> Syntax {
        var current = node
        while let child = current.children(viewMode: .sourceAccurate).first(where: { $0.hasError }) {
            current = child
        }
        return current
    }

    static func read(_ path: String) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .uncached)
        return [UInt8](data)
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
