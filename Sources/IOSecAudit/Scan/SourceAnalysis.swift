/// Analyses Swift source held in memory, as the scanner would analyse a file at `path`. For rule tests,
/// `iosec explain`, and editors.
///
/// ```swift
/// let result = SourceAnalysis.analyze("UserDefaults.standard.set(token, forKey: \"token\")")
/// result.findings.map(\.ruleId) // ["storage.userdefaults-secret"]
/// ```
public enum SourceAnalysis {
    public struct Result: Sendable {
        public var findings: [Finding]
        public var facts: [Fact]
        public var diagnostics: [Diagnostic]
    }

    public static func analyze(
        _ source: String, path: String = "App/Example.swift", rules: [any SwiftRule.Type] = RuleRegistry.swiftRules
    ) -> Result {
        var outcome = FileOutcome()
        FileAnalyzer.analyzeSwiftText(Array(source.utf8), path: path, rules: rules, knownRuleIds: RuleRegistry.allIds, into: &outcome)
        return Result(findings: outcome.findings.sorted(by: Finding.reportOrder), facts: outcome.facts, diagnostics: outcome.diagnostics)
    }
}
