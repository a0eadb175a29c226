import ArgumentParser
import IOSecAudit

package struct RulesCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule with its severity.",
        discussion: """
            `--markdown` prints the table the README embeds (a test keeps them equal). `--format json` lists every \
            rule with its severity, confidence, MASVS control, CWE, OWASP MASWE weakness (MASWE 1.0 id and the beta \
            id MASTG's tests use, and the MASVS control OWASP files it under when that is not the rule's own) and the MASTG \
            tests that check it.
            """
    )

    package enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    package init() {}

    @Flag(help: "Print a markdown table (the same as --format markdown).")
    var markdown = false

    @Option(help: "Output format: text, markdown or json.")
    var format: Format = .text

    package func run() throws {
        switch markdown ? .markdown : format {
        case .text: print(RuleCatalog.textList(), terminator: "")
        case .markdown: print(RuleCatalog.markdownTable(), terminator: "")
        case .json: print(RuleCatalog.json(), terminator: "")
        }
    }
}

package struct ExplainCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: why it matters, the fix with correct code, and examples."
    )

    package init() {}

    @Argument(help: "Rule id, e.g. storage.userdefaults-secret.")
    var ruleId: String

    package func run() throws {
        guard let rule = RuleRegistry.description(for: ruleId) else {
            let close = RuleRegistry.all.map(\.id).filter {
                $0.contains(ruleId) || ruleId.contains($0.split(separator: ".").last.map(String.init) ?? "~")
            }
            let hint =
                close.isEmpty ? "run `iosec rules` for the list" : "did you mean \(close.joined(separator: ", "))?"
            throw FatalError("no rule '\(ruleId)'; \(hint)")
        }
        print(RuleCatalog.explanation(rule), terminator: "")
    }
}
