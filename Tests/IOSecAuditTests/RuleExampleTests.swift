import IOSecAudit
import Testing

/// Every rule's examples are its unit tests: each triggering example yields exactly the marked findings,
/// each non-triggering one yields none. Extra checks (after SwiftLint) catch whole classes of bugs: code in a
/// comment or string must not trigger, suppressions must silence, and a multi-byte prefix must not shift
/// positions.
@Suite struct RuleExampleTests {
    static let ruleIds = RuleRegistry.swiftRules.map { $0.description.id }.sorted()

    /// Rules that inspect string contents, so code wrapped in a string literal legitimately triggers them.
    static let rulesThatReadStrings: Set<String> = ["secrets.hardcoded", "network.cleartext-url", "crypto.hardcoded-key"]

    static func rule(_ id: String) -> any SwiftRule.Type {
        RuleRegistry.swiftRules.first { $0.description.id == id }!
    }

    static func positions(_ code: String, path: String, rule: any SwiftRule.Type) -> [String] {
        SourceAnalysis.analyze(code, path: path, rules: [rule]).findings
            .filter { !$0.suppressed }
            .map { "\($0.line):\($0.column)" }
    }

    @Test func everyRuleHasEnoughExamples() {
        #expect(!Self.ruleIds.isEmpty)
        for type in RuleRegistry.swiftRules {
            let d = type.description
            #expect(d.triggeringExamples.count >= 3, "\(d.id) needs at least 3 triggering examples")
            #expect(d.nonTriggeringExamples.count >= 3, "\(d.id) needs at least 3 non-triggering examples")
            for example in d.triggeringExamples {
                #expect(!example.strippedAndMarkers.markers.isEmpty, "\(d.id): triggering example without ↓ marker:\n\(example.code)")
            }
            #expect(d.id.split(separator: ".").count == 2, "\(d.id): ids are area.name")
            #expect(!d.fix.isEmpty && !d.fixExample.isEmpty && !d.rationale.isEmpty, "\(d.id): rationale and fix required")
            #expect(d.masvs.hasPrefix("MASVS-"), "\(d.id): MASVS control")
            #expect(d.cwe > 0, "\(d.id): CWE")
        }
    }

    @Test func ruleIdsAreUnique() {
        #expect(Set(Self.ruleIds).count == Self.ruleIds.count)
    }

    @Test(arguments: ruleIds)
    func triggeringExamplesYieldExactlyTheMarkedFindings(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.triggeringExamples {
            let (code, markers) = example.strippedAndMarkers
            let expected = markers.map { "\($0.line):\($0.column)" }
            let actual = Self.positions(code, path: example.path, rule: rule)
            #expect(actual == expected, "\(id): expected findings at \(expected), got \(actual) in:\n\(code)")
        }
    }

    @Test(arguments: ruleIds)
    func nonTriggeringExamplesYieldNothing(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.nonTriggeringExamples {
            let code = example.strippedAndMarkers.code
            let actual = Self.positions(code, path: example.path, rule: rule)
            #expect(actual.isEmpty, "\(id): expected no finding, got \(actual) in:\n\(code)")
        }
    }

    @Test(arguments: ruleIds)
    func triggeringCodeInsideACommentDoesNotTrigger(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.triggeringExamples {
            let code = example.strippedAndMarkers.code.replacingOccurrences(of: "*/", with: "* /")
            let wrapped = "/*\n\(code)\n*/\n"
            #expect(Self.positions(wrapped, path: example.path, rule: rule).isEmpty, "\(id): triggered inside a comment")
        }
    }

    @Test(arguments: ruleIds.filter { !rulesThatReadStrings.contains($0) })
    func triggeringCodeInsideAStringDoesNotTrigger(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.triggeringExamples {
            let code = example.strippedAndMarkers.code
            guard !code.contains("\"\"\"#") else { continue }
            let wrapped = "let snippet = #\"\"\"\n\(code)\n\"\"\"#\n"
            #expect(Self.positions(wrapped, path: example.path, rule: rule).isEmpty, "\(id): triggered inside a string literal")
        }
    }

    @Test(arguments: ruleIds)
    func suppressionsSilenceEveryFinding(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.triggeringExamples {
            let code = "// iosec:ignore-file \(id) -- checked by hand\n" + example.strippedAndMarkers.code
            let result = SourceAnalysis.analyze(code, path: example.path, rules: [rule])
            #expect(!result.findings.isEmpty, "\(id): example stopped triggering with a comment on top")
            #expect(result.findings.allSatisfy { $0.suppressed && $0.suppressionReason == "checked by hand" }, "\(id): not suppressed")
        }
    }

    @Test(arguments: ruleIds)
    func multiByteCharactersDoNotShiftPositions(id: String) {
        let rule = Self.rule(id)
        for example in rule.description.triggeringExamples {
            // The prefix goes before any marker, so the markers' UTF-8 columns move exactly as the scanner's.
            let prefixed = RuleExample("/* Grüße 🔐 */ " + example.code, path: example.path)
            let (code, markers) = prefixed.strippedAndMarkers
            let expected = markers.map { "\($0.line):\($0.column)" }
            #expect(Self.positions(code, path: example.path, rule: rule) == expected, "\(id): positions shifted by a multi-byte prefix")
        }
    }
}
