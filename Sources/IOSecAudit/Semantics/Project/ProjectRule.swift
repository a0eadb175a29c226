/// A rule over the whole project: it combines facts that files recorded (an API used in Swift, a key
/// declared in Info.plist, a domain in the entitlements) and reports at the place the user must change.
public protocol ProjectRule: Sendable {
    static var description: RuleDescription { get }
    static func evaluate(_ project: ProjectContext)
}

/// What project rules see: every fact, the list of files by kind, the scan options; and where they report.
public final class ProjectContext {
    public let facts: [Fact]
    /// Relative path → kind, for every discovered file.
    public let files: [String: FileKind]
    public let options: ScanOptions
    private let snippet: (String, Int) -> String
    private(set) var findings: [Finding] = []

    init(facts: [Fact], files: [String: FileKind], options: ScanOptions, snippet: @escaping (String, Int) -> String) {
        self.facts = facts
        self.files = files
        self.options = options
        self.snippet = snippet
    }

    /// Facts of one kind.
    public func facts(_ kind: String) -> [Fact] { facts.filter { $0.kind == kind } }

    /// Files of one kind, sorted.
    public func files(of kind: FileKind) -> [String] { files.filter { $0.value == kind }.map(\.key).sorted() }

    public func report(
        _ rule: RuleDescription, file: String, line: Int, column: Int = 1, message: String,
        severity: Severity? = nil, confidence: Confidence? = nil, evidence: Evidence = .api
    ) {
        findings.append(
            Finding(
                rule, at: FindingLocation(file: file, line: line, column: column, snippet: snippet(file, line)),
                message: message, severity: severity, confidence: confidence, evidence: evidence))
    }
}
