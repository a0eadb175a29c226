extension ScanOptions {
    /// Whether `only_rules` or `disabled_rules` leave rules out of the scan.
    var selectsRules: Bool { onlyRules != nil || !disabledRules.isEmpty }
}

extension RuleSet {
    /// The rules `only_rules` and `disabled_rules` keep. Fact collectors stay: project rules that remain need their
    /// facts.
    func selected(by options: ScanOptions) -> RuleSet {
        guard options.selectsRules else { return self }
        let keep = { (id: String) in
            (options.onlyRules?.contains(id) ?? true) && !options.disabledRules.contains(id)
        }
        return filtered(keep)
    }
}
