import Foundation

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
        // Every file of an example, named when it is not a lone Swift file, fenced in its own language.
        func examples(_ list: [RuleExample]) -> String {
            list.map { example in
                let files = example.strippedFiles.files
                let named = files.count > 1 || !files.allSatisfy { $0.path.hasSuffix(".swift") }
                return files.map { file in
                    (named ? "\(file.path):\n" : "")
                        + "```\(language(ofPath: file.path))\n\(file.code.trimmingWhitespace())\n```"
                }.joined(separator: "\n")
            }.joined(separator: "\n\n")
        }
        return """
            \(rule.id) — \(rule.title)
            severity: \(rule.severity.rawValue) · confidence: \(rule.confidence.rawValue) · \(rule.masvs) · CWE-\(rule.cwe)
            \(Self.owaspLine(rule))

            Why it matters
            \(rule.rationale)

            How to fix
            \(rule.fix)

            ```\(language(ofSnippet: rule.fixExample))
            \(rule.fixExample.trimmingWhitespace())
            ```

            Triggers on
            \(examples(rule.triggeringExamples))

            Stays quiet on
            \(examples(rule.nonTriggeringExamples))

            Suppress one finding with `// iosec:ignore \(rule.id) -- reason` on the line or the line above.

            """
    }

    /// The markdown fence language of a file, from its kind.
    static func language(ofPath path: String) -> String {
        switch FileKind.of(path: path) {
        case .swift: "swift"
        case .objc: "objc"
        case .infoPlist, .entitlements, .privacyManifest, .plist, .interface, .coreDataModel: "xml"
        case .associationFile: "json"
        default: "text"
        }
    }

    /// The fence language of a fix example, from how it starts.
    static func language(ofSnippet snippet: String) -> String {
        switch snippet.trimmingWhitespace().first {
        case "<": "xml"
        case "{": "json"
        default: "swift"
        }
    }

    /// `OWASP: MASWE-0005 (beta MASWE-0001) Insertion of Sensitive Data into Logs (exact) · MASTG-TEST-0296, …`.
    static func owaspLine(_ rule: RuleDescription) -> String {
        let owasp = rule.owasp
        let tests = owasp.mastg.isEmpty ? "no MASTG test yet" : owasp.mastg.joined(separator: ", ")
        return "OWASP: \(owasp.label) \(owasp.title) (\(owasp.relation.rawValue)) · \(tests)"
    }

    /// `iosec rules --format json`: every rule with its metadata, sorted by id.
    public static func json() -> String {
        struct Entry: Encodable {
            let id, title, severity, confidence, masvs: String
            let cwe: Int
            let maswe: String?
            let masweBeta: String?
            let masweTitle: String?
            let masweRelation: String?
            /// The MASVS control OWASP files the weakness under, when it is not the rule's own.
            let masweMasvs: String?
            let mastg: [String]
        }
        let entries = RuleRegistry.all.map { rule in
            Entry(
                id: rule.id, title: rule.title, severity: rule.severity.rawValue,
                confidence: rule.confidence.rawValue, masvs: rule.masvs, cwe: rule.cwe, maswe: rule.owasp.maswe,
                masweBeta: rule.owasp.masweBeta, masweTitle: rule.owasp.title,
                masweRelation: rule.owasp.relation.rawValue,
                masweMasvs: rule.owasp.masvs == rule.masvs ? nil : rule.owasp.masvs,
                mastg: rule.owasp.mastg)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["rules": entries])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
