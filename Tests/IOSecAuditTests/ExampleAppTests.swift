import Foundation
import IOSecAudit
import Testing

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

    /// Rows of every `| rule | file | line | note |` table in EXPECTED.md.
    static func expectedRows() throws -> [Row] {
        let text = try String(contentsOf: examples.appendingPathComponent("InsecureApp/EXPECTED.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let number = Int(cells[3]), cells[1].contains(".") else { return nil }
            return Row(rule: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), file: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), line: number)
        }
    }

    @Test func insecureAppYieldsExactlyTheSeededWeaknesses() throws {
        let rows = try Self.expectedRows()
        #expect(rows.count >= 20)
        let registered = RuleRegistry.allIds
        let expected = Set(rows.filter { registered.contains($0.rule) })
        let result = try Scanner().scan(Self.examples.appendingPathComponent("InsecureApp").path)
        let actual = Set(result.activeFindings.map { Row(rule: $0.ruleId, file: $0.file, line: $0.line) })
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        #expect(missing.isEmpty, "seeded but not found: \(missing)")
        #expect(unexpected.isEmpty, "found but not in EXPECTED.md: \(unexpected)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func everySwiftRuleIsSeededInTheInsecureApp() throws {
        let seeded = Set(try Self.expectedRows().map(\.rule))
        for rule in RuleRegistry.swiftRules.map({ $0.description.id }) {
            #expect(seeded.contains(rule), "\(rule) has no seeded example in Examples/InsecureApp")
        }
    }

    @Test func hardenedAppHasNoFindings() throws {
        let result = try Scanner().scan(Self.examples.appendingPathComponent("HardenedApp").path)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.ruleId) \($0.file):\($0.line) \($0.message)" })")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.filesScanned >= 15)
    }
}
