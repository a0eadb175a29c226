/// An output format. Reporters are peers: each turns a scan result into text.
public protocol Reporter {
    func render(_ result: ScanResult) -> String
}

/// The formats `--format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif

    public func reporter(colored: Bool, rules: [RuleDescription] = RuleRegistry.all) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(rules: rules)
        }
    }
}
