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

    /// OLD and NEW may be git revisions of the project in --repository.
    @Test(.enabled(if: (try? CLITests.run(["--version"]).status) == 0)) func gitRevisionsAreCheckedOutAndCompared()
        throws
    {
        let repo = TestScratch.path("iosec-diff-git")
        try FileManager.default.createDirectory(atPath: repo + "/App", withIntermediateDirectories: true)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        func plist(_ ats: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.wallet</string>
            <key>LSRequiresIPhoneOS</key><true/>\(ats)</dict></plist>
            """
        }
        try git("init", "-q")
        try plist("").write(toFile: repo + "/App/Info.plist", atomically: true, encoding: .utf8)
        try git("add", ".")
        try git("commit", "-q", "-m", "one")
        try plist("<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>")
            .write(toFile: repo + "/App/Info.plist", atomically: true, encoding: .utf8)
        try git("commit", "-q", "-am", "two")
        let run = try CLITests.run(["diff", "HEAD~1", "HEAD", "--repository", repo, "--fail-on-regression"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("iosec diff: HEAD~1 → HEAD"))
        #expect(run.stdout.contains("  + arbitrary loads  [worse]"))
        let unknown = try CLITests.run(["diff", "no-such-revision", "HEAD", "--repository", repo])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("neither a file or folder nor a git revision"))
    }
}
