/// Applies each file's suppression comments (`// iosec:disable …`), and reports the ones that suppress nothing or
/// name no rule; then puts the findings in report order.
struct SuppressionStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        var grouped = Dictionary(grouping: state.findings, by: \.file)
        let known = RuleRegistry.allIds
        let ran = scan.options.selectsRules ? Set(scan.rules.descriptions.map(\.id)) : nil
        for (path, entries) in scan.suppressions.sorted(by: { $0.key < $1.key }) {
            var fileFindings = grouped[path] ?? []
            state.diagnostics += entries.apply(to: &fileFindings, file: path, knownRuleIds: known, ranRuleIds: ran)
            grouped[path] = fileFindings
        }
        state.findings = grouped.values.flatMap { $0 }.sorted(by: Finding.reportOrder)
    }
}

/// The severities the configuration sets for rules (`severity:` in `.iosec.yml`).
struct SeverityOverrideStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let overrides = scan.options.severityOverrides
        guard !overrides.isEmpty else { return }
        for index in state.findings.indices {
            if let severity = overrides[state.findings[index].ruleId] { state.findings[index].severity = severity }
        }
    }
}
