import Foundation
import IOSecTestSupport
import Testing

/// `iosec diff` as a user runs it: formats, the output file, the exit status, bad input.
@Suite struct DiffCommandTests {
    static let examples = ChecklistCommandTests.examples.path

    @Test func exitStatusFollowsRegressions() throws {
        let fixed = try CLITests.run([
            "diff", Self.examples + "/InsecureApp.ipa", Self.examples + "/HardenedApp.ipa", "--fail-on-regression"
        ])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout.hasPrefix("iosec diff: "))
        #expect(fixed.stdout.contains("nothing got worse"))
        let broken = try CLITests.run([
            "diff", Self.examples + "/HardenedApp.ipa", Self.examples + "/InsecureApp.ipa", "--fail-on-regression"
        ])
        #expect(broken.status == 1)
        // Without the flag the diff is a report, not a gate.
        let report = try CLITests.run(["diff", Self.examples + "/HardenedApp.ipa", Self.examples + "/InsecureApp.ipa"])
        #expect(report.status == 0)
    }

    @Test func markdownGoesToTheOutputFile() throws {
        let file = TestScratch.path("iosec-diff") + ".md"
        let run = try CLITests.run([
            "diff", Self.examples + "/InsecureApp", Self.examples + "/HardenedApp", "--format", "markdown", "--output",
            file
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("written to \(file)"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("## Security diff"))
        #expect(text.contains("| removed | arbitrary loads | ✅ better |"))
    }

    @Test func anInputThatCannotBeScannedIsOneError() throws {
        let truncated = TestScratch.path("iosec-diff-truncated") + ".ipa"
        try Data("PK\u{03}\u{04}broken".utf8).write(to: URL(fileURLWithPath: truncated))
        let run = try CLITests.run(["diff", truncated, Self.examples + "/HardenedApp.ipa"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(truncated))
        #expect(try CLITests.run(["diff", Self.examples + "/HardenedApp.ipa"]).status == 2)
    }

    /// docs/examples/security-diff.md is what the command prints today. The profile's expiry and its finding are left
    /// out of the comparison: they depend on the day the example IPAs were made and on today's date.
    @Test func theExampleInTheDocsIsCurrent() throws {
        let root = ChecklistCommandTests.examples.deletingLastPathComponent()
        let documented = try String(
            contentsOf: root.appendingPathComponent("docs/examples/security-diff.md"), encoding: .utf8)
        let run = try CLITests.run(
            ["diff", "Examples/InsecureApp.ipa", "Examples/HardenedApp.ipa", "--format", "markdown"],
            directory: root.path)
        #expect(run.status == 0)
        func lines(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter {
                !$0.contains("binary.profile-expired") && !$0.contains("profile expires") && !$0.hasPrefix("<!--")
            }
            .filter { !$0.hasPrefix("     ") }
        }
        #expect(
            lines(documented) == lines(run.stdout), "regenerate docs/examples/security-diff.md (see its first line)")
    }

    @Test func sbomWritesCycloneDXAndRefusesWhatItCannotRead() throws {
        let file = TestScratch.path("iosec-sbom") + ".json"
        let run = try CLITests.run(["sbom", Self.examples + "/HardenedApp.ipa", "--output", file])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("sbom: 2 components · written to \(file)"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(document["bomFormat"] as? String == "CycloneDX")
        #expect(try CLITests.run(["sbom", TestScratch.path("no-such-app") + ".ipa"]).status == 2)
    }
}
