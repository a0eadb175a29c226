import Foundation

/// An output format. Reporters are peers: each turns a scan result into text.
public protocol Reporter {
    func render(_ result: ScanResult) -> String
}

/// The formats `--format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, xcode, github
    case gitlabSAST = "gitlab-sast"
    case codeclimate, html

    public func reporter(colored: Bool, rules: [RuleDescription] = RuleRegistry.all) -> any Reporter {
        reporter(ReportSettings(colored: colored, rules: rules))
    }

    public func reporter(_ settings: ReportSettings) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: settings.colored)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(rules: settings.rules, repositoryRoot: settings.repositoryRoot)
        case .xcode: XcodeReporter(errorsFrom: settings.failOn)
        case .github: GitHubReporter(repositoryRoot: settings.repositoryRoot)
        case .gitlabSAST:
            GitLabSASTReporter(
                rules: settings.rules, repositoryRoot: settings.repositoryRoot, times: settings.scanTimes)
        case .codeclimate: CodeClimateReporter(repositoryRoot: settings.repositoryRoot)
        case .html: HTMLReporter(rules: settings.rules)
        }
    }
}

/// What reporters need beyond the scan result; the defaults give output that depends on nothing but the result.
public struct ReportSettings: Sendable {
    /// ANSI colour in the text report.
    public var colored: Bool
    /// Rule metadata for formats that list rules (SARIF) or describe them (GitLab SAST).
    public var rules: [RuleDescription]
    /// Absolute path of the repository holding the scanned folder: CI formats (SARIF, GitHub, GitLab, Code
    /// Climate) give paths relative to it, as those services expect. nil: relative to the scanned folder.
    public var repositoryRoot: String?
    /// When the scan started and ended, for GitLab SAST's required `scan.start_time` and `end_time`. nil gives
    /// the fixed instant 1970-01-01T00:00:00 so that a report can be byte-identical between runs.
    public var scanTimes: ClosedRange<Date>?
    /// The scan's `--fail-on`: the Xcode format reports findings at or above it as errors. nil: never fails.
    public var failOn: Severity?

    public init(
        colored: Bool = false, rules: [RuleDescription] = RuleRegistry.all, repositoryRoot: String? = nil,
        scanTimes: ClosedRange<Date>? = nil, failOn: Severity? = .high
    ) {
        self.failOn = failOn
        self.colored = colored
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.scanTimes = scanTimes
    }
}

/// Severity in the three levels compilers and CI annotations have: critical and high fail a build, medium and low
/// warn, info is a note.
enum AnnotationLevel: String {
    case error, warning, note

    init(_ severity: Severity) {
        switch severity {
        case .critical, .high: self = .error
        case .medium, .low: self = .warning
        case .info: self = .note
        }
    }
}
