/// A deep-link handler that acts on its URL with no check of its own may check it through a function its conditions
/// call (`if client.hasConnection(with: url)`), declared in any file: when that function reads the URL's host or
/// scheme (`URLSchemeUnvalidatedRule.checksURL`), the finding is low confidence and says where the check is.
struct CalleeChecksStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        let id = URLSchemeUnvalidatedRule.description.id
        var calls: [String: [String]] = [:]
        for fact in scan.facts where fact.kind == FactKind.deepLinkCheckCalls {
            calls[FactKind.join(fact.file, String(fact.line), String(fact.column))] = fact.value.split(
                separator: FactKind.separator
            ).map(String.init)
        }
        guard !calls.isEmpty else { return }
        var project = CallerArguments(inputs: scan.inputs, constants: scan.constants)
        project.find(Set(calls.values.flatMap { $0 }))
        state.lowerConfidence(of: { $0.ruleId == id }) { finding in
            guard let names = calls[FactKind.join(finding.file, String(finding.line), String(finding.column))]
            else { return nil }
            for name in names {
                for (file, function) in project.declarations(named: name)
                where URLSchemeUnvalidatedRule.checksURL(function) {
                    let line = file.position(of: function).line
                    return "its condition calls `\(name)` (\(file.path):\(line)), which checks the URL's host or scheme"
                }
            }
            return nil
        }
    }
}
