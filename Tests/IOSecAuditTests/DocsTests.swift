import Foundation
import IOSecAudit
import Testing

/// The README's rule table is generated from rule metadata; this keeps them equal.
@Suite struct DocsTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test func readmeRuleTableMatchesTheRules() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- rules:begin -->\n"))
        let end = try #require(text.range(of: "<!-- rules:end -->"))
        let table = String(text[begin.upperBound..<end.lowerBound])
        #expect(table == RuleCatalog.markdownTable(), "README rule table is stale: run scripts/update-readme-rules.sh")
    }

    @Test func readmeGivesTheTwoCommands() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(text.contains("swift run iosec scan Examples/InsecureApp"))
        #expect(text.contains("swift test"))
    }
}
