import Foundation
import Testing

/// `iosec checklist` and `iosec scan --format checklist` as a user runs them.
@Suite struct ChecklistCommandTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    static func app(_ name: String) -> String { examples.appendingPathComponent(name).path }

    @Test func exitStatusFollowsFailingItems() throws {
        let insecure = try CLITests.run(["checklist", Self.app("InsecureApp")])
        #expect(insecure.status == 1)
        #expect(insecure.stdout.hasPrefix("Checklist: 0 pass · 32 fail · 0 n/a · 20 manual  (52 items · "))
        #expect(insecure.stdout.hasSuffix("\n0 pass · 32 fail · 0 n/a · 20 manual\n"))
        #expect(!insecure.stdout.contains("\u{1B}["), "no colour when not a terminal")

        let hardened = try CLITests.run(["checklist", Self.app("HardenedApp")])
        #expect(hardened.status == 0)
        #expect(hardened.stdout.contains("  17  pass    Jailbreak detection (if required)\n"))

        let production = try CLITests.run([
            "checklist", Self.app("HardenedApp"), "--production", "--release-app-id", "ABCDE12345.com.acme.wallet"
        ])
        #expect(production.status == 0)
        #expect(production.stdout.hasPrefix("Checklist: 31 pass · 0 fail · 0 n/a · 21 manual"))
    }

    @Test func usageErrorsExitTwo() throws {
        let missing = try CLITests.run(["checklist", "/nonexistent/iosec-checklist"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("iosec:"))
        #expect(try CLITests.run(["checklist", Self.app("HardenedApp"), "--format", "sarif"]).status == 2)
        #expect(
            try CLITests.run(["checklist", Self.app("HardenedApp"), "--release-app-id", "ABCDE12345.com.acme.wallet"])
                .status == 2)
        #expect(try CLITests.run(["checklist"]).status == 2)
    }

    @Test func markdownAndJSONGoToTheOutputFile() throws {
        let file = FileManager.default.temporaryDirectory.path + "/iosec-checklist-\(UUID().uuidString).md"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try CLITests.run(["checklist", Self.app("InsecureApp"), "--format", "markdown", "--output", file])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("checklist: 0 pass · 32 fail · 0 n/a · 20 manual · written to \(file)"))
        let markdown = try String(contentsOfFile: file, encoding: .utf8)
        #expect(markdown.hasPrefix("# Security checklist: "))
        #expect(markdown.contains("| 8 | All API calls use HTTPS | ❌ **fail** |"))

        let json = try CLITests.run(["checklist", Self.app("HardenedApp"), "-f", "json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            (document["summary"] as? [String: Any])?["verdict"] as? String == "30 pass · 0 fail · 0 n/a · 22 manual")
    }

    @Test func scanFormatChecklistUsesTheScan() throws {
        let run = try CLITests.run(["scan", Self.app("HardenedApp"), "--format", "checklist"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Checklist: 30 pass · 0 fail · 0 n/a · 22 manual"))
        // The scan's own exit status: --fail-on, not the checklist's.
        let insecure = try CLITests.run(["scan", Self.app("InsecureApp"), "--format", "checklist", "--fail-on", "none"])
        #expect(insecure.status == 0)
        #expect(insecure.stdout.contains("FAIL"))
        let combined = try CLITests.run([
            "scan", Self.app("HardenedApp"), "--format", "checklist", "--json-output", "/tmp/iosec-unused.json"
        ])
        #expect(combined.status == 2)
        #expect(combined.stderr.contains("--format checklist"))
    }

    @Test func helpExplainsVerdictsAndExitStatus() throws {
        let help = try CLITests.run(["checklist", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Exit status: 0 no item fails, 1 at least one item fails, 2 usage error"))
        #expect(help.stdout.contains("manual  what a person must check"))
        #expect(try CLITests.run(["--help"]).stdout.contains("checklist"))
    }
}
