import Foundation
import Testing

@testable import IOSecAudit

/// The bundled examples are the first thing a user runs: the insecure one must yield exactly the weaknesses
/// its EXPECTED.md lists, the hardened one nothing at all.
@Suite struct ExampleAppTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    struct Row: Hashable, CustomStringConvertible {
        let rule: String
        let file: String
        let line: Int
        var description: String { "\(rule) \(file):\(line)" }
    }

    /// Rows of every `| rule | file | line | note |` table in EXPECTED.md; `productionOnly` when the note says the
    /// finding needs `--production`.
    static func expectedRows() throws -> [(row: Row, productionOnly: Bool)] {
        let text = try String(contentsOf: examples.appendingPathComponent("InsecureApp/EXPECTED.md"), encoding: .utf8)
        let unquote = { (s: String) in s.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        return text.split(separator: "\n").compactMap { line -> (Row, Bool)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5, let number = Int(cells[3]), cells[1].contains(".") else { return nil }
            return (
                Row(rule: unquote(cells[1]), file: unquote(cells[2]), line: number), cells[4].contains("--production")
            )
        }
    }

    @Test(arguments: [false, true])
    func insecureAppYieldsExactlyTheSeededWeaknesses(production: Bool) throws {
        let rows = try Self.expectedRows()
        #expect(rows.count >= 20)
        #expect(rows.contains { $0.productionOnly })
        // A row naming no registered rule is a typo or a rule that never runs: it fails, it is not skipped.
        let registered = RuleRegistry.allIds
        for row in rows.map(\.row) where !registered.contains(row.rule) {
            Issue.record("EXPECTED.md names an unknown rule: \(row)")
        }
        let expected = Set(rows.filter { production || !$0.productionOnly }.map(\.row))
        let result = try Scanner(options: ScanOptions(production: production))
            .scan(Self.examples.appendingPathComponent("InsecureApp").path)
        let actual = Set(result.activeFindings.map { Row(rule: $0.ruleId, file: $0.file, line: $0.line) })
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        #expect(missing.isEmpty, "seeded but not found: \(missing)")
        #expect(unexpected.isEmpty, "found but not in EXPECTED.md: \(unexpected)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    /// Rules the insecure example cannot seed without hiding another of its weaknesses.
    static let notSeeded: [String: String] = [
        "platform.passkeys-without-webcredentials":
            "the app declares webcredentials (in developer mode, its own finding)",
        "privacy.manifest-invalid": "the app has no privacy manifest at all (privacy.required-reason-api)",
        "privacy.sdk-manifest-missing":
            "read from a built app's frameworks: seeded in Examples/InsecureApp.ipa (BuiltAppTests.insecureIPAReportsEveryBinaryRule)",
        "privacy.framework-required-reason":
            "read from a built app's frameworks: seeded in Examples/InsecureApp.ipa (BuiltAppTests.insecureIPAReportsEveryBinaryRule)"
    ]

    @Test func everyRuleIsSeededInTheInsecureApp() throws {
        let seeded = Set(try Self.expectedRows().map(\.row.rule))
        // Binary rules are seeded in Examples/InsecureApp.ipa (BuiltAppTests.insecureIPAReportsEveryBinaryRule).
        for rule in RuleRegistry.allIds.sorted() where Self.notSeeded[rule] == nil && !rule.hasPrefix("binary.") {
            #expect(seeded.contains(rule), "\(rule) has no seeded example in Examples/InsecureApp")
        }
    }

    /// A rule's Objective-C matcher is seeded too, in an Objective-C or C file of the insecure example.
    @Test func everyObjectiveCMatcherIsSeededInObjectiveC() throws {
        let extensions = [".m", ".mm", ".h", ".c"]
        let seeded = Set(
            try Self.expectedRows().map(\.row).filter { row in extensions.contains { row.file.hasSuffix($0) } }.map(
                \.rule))
        let matchers = RuleRegistry.objcRules
        #expect(matchers.count >= 40)
        for matcher in matchers {
            #expect(
                seeded.contains(matcher.description.id),
                "\(matcher) has no seeded example in an Objective-C file of Examples/InsecureApp (EXPECTED.md)")
        }
    }

    @Test(arguments: [false, true])
    func hardenedAppHasNoFindings(production: Bool) throws {
        let result = try Scanner(options: ScanOptions(production: production)).scan(
            Self.examples.appendingPathComponent("HardenedApp").path)
        #expect(
            result.findings.isEmpty, "\(result.findings.map { "\($0.ruleId) \($0.file):\($0.line) \($0.message)" })")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.filesScanned >= 15)
    }
}
