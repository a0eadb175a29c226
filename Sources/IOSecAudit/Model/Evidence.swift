/// What a finding rests on, strongest first. Severity follows it: a finding that rests on a name alone is at most
/// `medium` in severity and confidence (``Finding/init(ruleId:severity:confidence:title:message:file:line:column:endLine:endColumn:snippet:masvs:cwe:fix:suppressed:suppressionReason:context:evidence:flow:)``),
/// so `--fail-on high` never fails a build on a guess.
public enum Evidence: String, Sendable, CaseIterable, Codable, Comparable {
    /// A path was traced from where the value is made (a Keychain read, a password field, a generated key, a deep
    /// link) to the API; the finding lists its steps.
    case flow
    /// The API and the value it receives are both resolved: a literal key handed to `AES.GCM.seal`,
    /// `kSecAttrAccessibleAlways`, `NSAllowsArbitraryLoads = true`.
    case value
    /// The API or setting is resolved and is the weakness by itself (`CC_MD5`, `UIWebView`, a missing privacy
    /// manifest), or what it receives cannot be proven constant.
    case api
    /// Only a name says the value matters: a variable called `token`, a key called "password".
    case name

    /// Strongest first.
    public var rank: Int {
        switch self {
        case .flow: 3
        case .value: 2
        case .api: 1
        case .name: 0
        }
    }

    public static func < (lhs: Evidence, rhs: Evidence) -> Bool { lhs.rank < rhs.rank }

    /// The most a finding with this evidence may be rated.
    public var severityCeiling: Severity { self == .name ? .medium : .critical }

    /// The most confidence a finding with this evidence may claim. Below it, rules rate names by what they have
    /// proven: the name of a value written to UserDefaults (medium) is right far more often than the name of a value
    /// in a log message (low).
    public var confidenceCeiling: Confidence { self == .name ? .medium : .high }
}

/// One step of the path a value takes to the API a finding is about, in the order the value travels: where it is
/// made, the locals and calls it passes through, and the API. Reports show the steps; SARIF writes them as a
/// `codeFlow`.
public struct FlowStep: Sendable, Hashable, Codable {
    /// Relative to the scanned root, like ``Finding/file``.
    public var file: String
    public var line: Int
    public var column: Int
    /// What happens to the value here: "password field text", "assigned to `token`", "passed to `save(_:)`".
    public var note: String

    public init(file: String, line: Int, column: Int, note: String) {
        self.file = file
        self.line = line
        self.column = column
        self.note = note
    }
}

extension Confidence: Comparable {
    /// Higher is surer.
    public var rank: Int {
        switch self {
        case .high: 2
        case .medium: 1
        case .low: 0
        }
    }

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rank < rhs.rank }
}
