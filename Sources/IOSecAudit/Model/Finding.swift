/// One problem found at one place.
///
/// `file` is relative to the scanned root, with `/` separators, so reports are the same on every machine.
public struct Finding: Sendable, Hashable, Codable {
    public var ruleId: String
    public var severity: Severity
    public var confidence: Confidence
    public var title: String
    public var message: String
    public var file: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    /// The source line the finding starts on, trimmed; also what baselines and fingerprints key on.
    public var snippet: String
    public var masvs: String
    /// The OWASP MASWE weakness (MASWE 1.0 id) and the MASTG tests that check it, from the rule (`OWASPReference`).
    public var maswe: String?
    public var mastg: [String]
    public var cwe: Int
    public var fix: String
    public var suppressed: Bool
    /// The reason written after `--` in the suppression comment, when there is one.
    public var suppressionReason: String?
    /// What kind of code the finding is in (app, test, preview, debug-only, tooling, sample, unreferenced), decided by the
    /// engine. Only app findings are reported unless the scan includes other contexts.
    public var context: CodeContext
    /// What the finding rests on: a traced flow, a resolved value, a resolved API, or a name only.
    public var evidence: Evidence
    /// The path the value takes to the API, when the rule traced one (empty otherwise); the last step is usually
    /// the finding's own line.
    public var flow: [FlowStep]

    /// A finding whose `evidence` is a name only is rated at most `medium` severity and `medium` confidence, whatever
    /// the rule asks for: high and critical need a resolved API, value or flow. Rules rate a name's confidence by how
    /// often that kind of name has proven right (``Evidence/confidenceCeiling``).
    public init(
        ruleId: String, severity: Severity, confidence: Confidence, title: String, message: String,
        file: String, line: Int, column: Int, endLine: Int, endColumn: Int, snippet: String,
        masvs: String, cwe: Int, fix: String, suppressed: Bool = false, suppressionReason: String? = nil,
        context: CodeContext = .app, evidence: Evidence = .api, flow: [FlowStep] = []
    ) {
        self.context = context
        self.ruleId = ruleId
        self.severity = min(severity, evidence.severityCeiling)
        self.confidence = min(confidence, evidence.confidenceCeiling)
        self.evidence = evidence
        self.flow = flow
        self.title = title
        self.message = message
        // Code compiled only into debug builds never reaches users: at most low, and the message says so. The engine
        // decides the context; rules report what they see.
        if context == .debug {
            self.severity = min(self.severity, .low)
            self.message += "; only in debug builds"
        }
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.snippet = snippet
        self.masvs = masvs
        maswe = OWASPReferences.byRule[ruleId]?.maswe
        mastg = OWASPReferences.byRule[ruleId]?.mastg ?? []
        self.cwe = cwe
        self.fix = fix
        self.suppressed = suppressed
        self.suppressionReason = suppressionReason
    }

    private enum CodingKeys: String, CodingKey {
        case ruleId, severity, confidence, title, message, file, line, column, endLine, endColumn, snippet, masvs,
            maswe,
            mastg, cwe, fix, suppressed, suppressionReason, context, evidence, flow
    }

    /// Reports written before findings carried evidence read as `api` with no flow.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ruleId = try c.decode(String.self, forKey: .ruleId)
        severity = try c.decode(Severity.self, forKey: .severity)
        confidence = try c.decode(Confidence.self, forKey: .confidence)
        title = try c.decode(String.self, forKey: .title)
        message = try c.decode(String.self, forKey: .message)
        file = try c.decode(String.self, forKey: .file)
        line = try c.decode(Int.self, forKey: .line)
        column = try c.decode(Int.self, forKey: .column)
        endLine = try c.decode(Int.self, forKey: .endLine)
        endColumn = try c.decode(Int.self, forKey: .endColumn)
        snippet = try c.decode(String.self, forKey: .snippet)
        masvs = try c.decode(String.self, forKey: .masvs)
        maswe = try c.decodeIfPresent(String.self, forKey: .maswe) ?? OWASPReferences.byRule[ruleId]?.maswe
        mastg = try c.decodeIfPresent([String].self, forKey: .mastg) ?? OWASPReferences.byRule[ruleId]?.mastg ?? []
        cwe = try c.decode(Int.self, forKey: .cwe)
        fix = try c.decode(String.self, forKey: .fix)
        suppressed = try c.decodeIfPresent(Bool.self, forKey: .suppressed) ?? false
        suppressionReason = try c.decodeIfPresent(String.self, forKey: .suppressionReason)
        context = try c.decodeIfPresent(CodeContext.self, forKey: .context) ?? .app
        evidence = try c.decodeIfPresent(Evidence.self, forKey: .evidence) ?? .api
        flow = try c.decodeIfPresent([FlowStep].self, forKey: .flow) ?? []
    }

    /// Report order: file, then position, then rule.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.ruleId < b.ruleId
    }
}

/// A problem with the input itself (unreadable file, binary file, parse trouble, a suppression naming an
/// unknown rule). Diagnostics never stop a scan.
public struct Diagnostic: Sendable, Hashable, Codable {
    public enum Level: String, Sendable, Codable { case warning, error }
    public var file: String
    public var message: String
    public var level: Level

    public init(file: String, message: String, level: Level = .warning) {
        self.file = file
        self.message = message
        self.level = level
    }
}
