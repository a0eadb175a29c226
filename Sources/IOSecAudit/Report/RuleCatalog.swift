/// Renders the rule list from rule metadata, so the README and `iosec rules` cannot drift from the code.
public enum RuleCatalog {
    /// A markdown table of every rule: id, severity, MASVS, CWE, title.
    public static func markdownTable(_ rules: [RuleDescription] = RuleRegistry.all) -> String {
        var out = "| id | severity | MASVS | CWE | what it finds |\n|---|---|---|---|---|\n"
        for rule in rules {
            out += "| `\(rule.id)` | \(rule.severity.rawValue) | \(rule.masvs) | CWE-\(rule.cwe) | \(rule.title) |\n"
        }
        return out
    }

    /// Plain text, one rule per line, aligned.
    public static func textList(_ rules: [RuleDescription] = RuleRegistry.all) -> String {
        let width = rules.map(\.id.count).max() ?? 0
        return rules.map { rule in
            rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + "  " + rule.title
        }.joined(separator: "\n") + "\n"
    }

    /// Everything about one rule, with its examples (markers removed), for `iosec explain`.
    public static func explanation(_ rule: RuleDescription) -> String {
        func examples(_ list: [RuleExample]) -> String {
            list.map { "```swift\n\($0.strippedAndMarkers.code.trimmingWhitespace())\n```" }.joined(separator: "\n\n")
        }
        return """
        \(rule.id) — \(rule.title)
        severity: \(rule.severity.rawValue) · confidence: \(rule.confidence.rawValue) · \(rule.masvs) · CWE-\(rule.cwe)

        Why it matters
        \(rule.rationale)

        How to fix
        \(rule.fix)

        ```swift
        \(rule.fixExample.trimmingWhitespace())
        ```

        Triggers on
        \(examples(rule.triggeringExamples))

        Stays quiet on
        \(examples(rule.nonTriggeringExamples))

        Suppress one finding with `// iosec:ignore \(rule.id) -- reason` on the line or the line above.

        """
    }
}
