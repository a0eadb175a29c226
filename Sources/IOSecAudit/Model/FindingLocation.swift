/// Where a finding is: a file relative to the scanned root, a range in it, and the line shown.
public struct FindingLocation: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    public var snippet: String
    /// A file of a built app ships whatever its path says; a source file's path may say it is a test, a tool or a
    /// sample.
    public var inBuiltApp: Bool

    /// A range; lines and columns below 1 become 1.
    public init(
        file: String, line: Int, column: Int, endLine: Int, endColumn: Int, snippet: String, inBuiltApp: Bool = false
    ) {
        self.file = file
        self.line = max(line, 1)
        self.column = max(column, 1)
        self.endLine = max(endLine, 1)
        self.endColumn = max(endColumn, 1)
        self.snippet = snippet
        self.inBuiltApp = inBuiltApp
    }

    /// One line from a column to the end of the snippet (configuration files, project facts).
    public init(file: String, line: Int, column: Int = 1, snippet: String) {
        let line = max(line, 1)
        let column = max(column, 1)
        self.init(
            file: file, line: line, column: column, endLine: line, endColumn: column + max(snippet.utf8.count, 1),
            snippet: snippet)
    }
}

extension Finding {
    /// The one way a rule's finding is made, whichever front end or pass reports it. The context is decided here,
    /// once: what the file is (a test, a tool, a sample: from its path, then `fileContext` from its imports) before
    /// where in the file the code is (`codeContext`: a preview, a mock, debug-only code), else app code. A built
    /// app's files ship.
    init(
        _ rule: RuleDescription, at location: FindingLocation, message: String, severity: Severity? = nil,
        confidence: Confidence? = nil, fileContext: CodeContext? = nil, codeContext: CodeContext? = nil,
        evidence: Evidence = .api, flow: [FlowStep] = []
    ) {
        let context: CodeContext =
            location.inBuiltApp
            ? .app
            : CodeContextClassifier.context(ofPath: location.file) ?? fileContext ?? codeContext ?? .app
        self.init(
            ruleId: rule.id, severity: severity ?? rule.severity, confidence: confidence ?? rule.confidence,
            title: rule.title, message: message, file: location.file, line: location.line, column: location.column,
            endLine: location.endLine, endColumn: location.endColumn, snippet: location.snippet, masvs: rule.masvs,
            cwe: rule.cwe, fix: rule.fix, context: context, evidence: evidence, flow: flow)
    }
}
