/// Everything a rule says about itself: identity, rating, why it matters, how to fix it, and the examples
/// that are both its documentation (`iosec explain`) and its unit tests.
public struct RuleDescription: Sendable {
    /// `area.name`, stable once released: suppressions, baselines and SARIF refer to it.
    public let id: String
    public let title: String
    public let severity: Severity
    public let confidence: Confidence
    /// OWASP MASVS v2 control, e.g. `MASVS-STORAGE-1`.
    public let masvs: String
    public let cwe: Int
    /// The OWASP MASWE weakness the rule finds and the MASTG tests that check it.
    public let owasp: OWASPReference
    /// Why no item of the audit checklist names this rule (crypto algorithms, signing details); nil when an item
    /// does. `ChecklistTests` fails for a rule that is in neither place.
    public let outsideChecklist: String?
    /// Why it matters, in a few sentences.
    public let rationale: String
    /// One line: what to do instead.
    public let fix: String
    /// The correct code, ready to copy.
    public let fixExample: String
    /// Code that must produce exactly the findings marked with `↓`.
    public let triggeringExamples: [RuleExample]
    /// Realistic safe code that must produce no finding.
    public let nonTriggeringExamples: [RuleExample]

    public init(
        id: String, title: String, severity: Severity, confidence: Confidence, masvs: String, cwe: Int,
        owasp: OWASPReference, outsideChecklist: String? = nil, rationale: String, fix: String, fixExample: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.title = title
        self.severity = severity
        self.confidence = confidence
        self.masvs = masvs
        self.cwe = cwe
        self.owasp = owasp
        self.outsideChecklist = outsideChecklist
        self.rationale = rationale
        self.fix = fix
        self.fixExample = fixExample
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// The area part of the id (`storage` for `storage.pasteboard`).
    public var area: String { String(id.prefix { $0 != "." }) }
}

/// Source used as a rule example: one file, or several files of one project for project rules. In
/// triggering examples each expected finding position is marked with `↓` immediately before the node (or
/// plist key) the finding points at.
public struct RuleExample: Sendable {
    public static let marker: Character = "↓"

    /// (path relative to a scanned root, text). The path decides the file kind and whether it is test code.
    public let files: [(path: String, code: String)]
    /// How the example is scanned, e.g. with `production` for rules that only apply to production checks.
    public let options: ScanOptions
    /// What the finding at each marker must say, in marker order; empty when only positions are checked.
    public let findings: [FindingSpec]

    public init(
        _ code: String, path: String = "App/Example.swift", options: ScanOptions = ScanOptions(jobs: 1),
        findings: [FindingSpec] = []
    ) {
        self.files = [(path, code)]
        self.options = options
        self.findings = findings
    }

    public init(
        files: [(path: String, code: String)], options: ScanOptions = ScanOptions(jobs: 1), findings: [FindingSpec] = []
    ) {
        self.files = files
        self.options = options
        self.findings = findings
    }

    /// The first (usually only) file's text and path.
    public var code: String { files.first?.code ?? "" }
    public var path: String { files.first?.path ?? "App/Example.swift" }

    /// The first file without markers, and the 1-based (line, column) of each marker in it.
    public var strippedAndMarkers: (code: String, markers: [(line: Int, column: Int)]) {
        Self.strip(code)
    }

    /// Every file without markers, and each marker as "path:line:column", in file order.
    public var strippedFiles: (files: [(path: String, code: String)], markers: [String]) {
        var out: [(path: String, code: String)] = []
        var markers: [String] = []
        for file in files {
            let (code, positions) = Self.strip(file.code)
            out.append((file.path, code))
            markers += positions.map { "\(file.path):\($0.line):\($0.column)" }
        }
        return (out, markers)
    }

    /// Columns count UTF-8 bytes, like the scanner's locations.
    static func strip(_ code: String) -> (code: String, markers: [(line: Int, column: Int)]) {
        var out = ""
        var markers: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for ch in code {
            if ch == RuleExample.marker {
                markers.append((line, column))
                continue
            }
            out.append(ch)
            if ch == "\n" {
                line += 1
                column = 1
            } else {
                column += ch.utf8.count
            }
        }
        return (out, markers)
    }
}

/// What one expected finding of a triggering example must say beyond its position (after swift-format's
/// `FindingSpec`): the severity and confidence a branch lowers or raises it to, and a fragment of its message.
///
/// ```swift
/// RuleExample(#"let api = "↓http://debug.acme.com""#, findings: [FindingSpec(severity: .low, message: "debug")])
/// ```
public struct FindingSpec: Sendable {
    public let severity: Severity?
    public let confidence: Confidence?
    /// Text the message must contain.
    public let message: String?

    public init(severity: Severity? = nil, confidence: Confidence? = nil, message: String? = nil) {
        self.severity = severity
        self.confidence = confidence
        self.message = message
    }

    /// Why `finding` does not match, or nil when it does.
    public func mismatch(
        severity actualSeverity: Severity, confidence actualConfidence: Confidence, message actualMessage: String
    )
        -> String?
    {
        var problems: [String] = []
        if let severity, severity != actualSeverity {
            problems.append("severity \(actualSeverity), expected \(severity)")
        }
        if let confidence, confidence != actualConfidence {
            problems.append("confidence \(actualConfidence), expected \(confidence)")
        }
        if let message, !actualMessage.contains(message) {
            problems.append("message \"\(actualMessage)\" does not contain \"\(message)\"")
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
