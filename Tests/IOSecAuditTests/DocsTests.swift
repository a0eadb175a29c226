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

    /// docs/accuracy states the method and today's figures; history belongs to git. Its folder layout is the one
    /// ARCHITECTURE.md describes.
    @Test func accuracyPageStaysShortAndArchitectureNamesEveryFolder() throws {
        let root = Self.readme.deletingLastPathComponent()
        let accuracy = try String(
            contentsOf: root.appendingPathComponent("docs/accuracy/README.md"), encoding: .utf8)
        let lines = accuracy.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 201, "docs/accuracy/README.md has \(lines) lines: keep the method and today's figures")
        let architecture = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let sources = root.appendingPathComponent("Sources/IOSecAudit")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: sources.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(folders.count >= 5)
        for folder in folders {
            #expect(architecture.contains("`\(folder)/"), "ARCHITECTURE.md does not describe \(folder)/")
        }
    }
}
