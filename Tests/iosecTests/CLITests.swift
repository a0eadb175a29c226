import Foundation
import IOSecTestSupport
import Testing

/// End-to-end: the built `iosec` binary as a user runs it.
@Suite struct CLITests {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var binary: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("iosec")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("iosec")
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> Run
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func project(_ files: [String: String]) -> String {
        let root = TestScratch.path("iosec-cli")
        for (path, text) in files {
            let full = root + "/" + path
            try? FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        }
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test func findingsAtOrAboveFailOnExitOne() throws {
        let root = Self.project(["App/Web.swift": "let w = UIWebView()\n"])
        let run = try Self.run(["scan", root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("App/Web.swift:1:9  platform.uiwebview"))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when not a terminal")
        #expect(try Self.run(["scan", root, "--fail-on", "critical"]).status == 0)
        #expect(try Self.run(["scan", root, "--fail-on", "none"]).status == 0)
        #expect(try Self.run(["scan", root, "--fail-on", "info"]).status == 1)
    }

    @Test func testCodeIsCountedButNotReportedUnlessIncluded() throws {
        let root = Self.project([
            "App/Web.swift": "let w = UIWebView()\n",
            "AppTests/WebTests.swift": "import XCTest\nlet w = UIWebView()\n",
            "App/Preview.swift": "#Preview { HelpView(web: UIWebView()) }\n"
        ])
        let plain = try Self.run(["scan", root, "--fail-on", "none"])
        #expect(plain.stdout.contains("App/Web.swift:1:9"))
        #expect(!plain.stdout.contains("AppTests/WebTests.swift"))
        #expect(plain.stdout.contains("not shown: 1 in test code, 1 in SwiftUI previews"))
        let tests = try Self.run(["scan", root, "--fail-on", "none", "--include-tests"])
        #expect(tests.stdout.contains("AppTests/WebTests.swift:2:9"))
        #expect(!tests.stdout.contains("App/Preview.swift"))
        let all = try Self.run(["scan", root, "--fail-on", "none", "--include-context", "all", "--format", "json"])
        #expect(all.stdout.contains("\"context\" : \"preview\""))
        let bad = try Self.run(["scan", root, "--include-context", "tests"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown context 'tests'"))
    }

    @Test func cleanProjectSaysNoFindingsAndExitsZero() throws {
        let root = Self.project(["App/Web.swift": "let w = WKWebView()\n"])
        let run = try Self.run(["scan", root])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("no findings · 1 file scanned"))
    }

    @Test func usageAndFatalErrorsExitTwo() throws {
        let missing = try Self.run(["scan", "/no/such/path"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: /no/such/path"))
        let badFormat = try Self.run(["scan", ".", "--format", "xml"])
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("'xml'"))
        #expect(try Self.run(["scan", ".", "--fail-on", "severe"]).status == 2)
        #expect(try Self.run(["frobnicate"]).status == 2)
        let unknownRule = try Self.run(["explain", "no.such-rule"])
        #expect(unknownRule.status == 2)
        #expect(unknownRule.stderr.contains("no rule 'no.such-rule'"))
    }

    @Test func helpAndVersionExitZero() throws {
        let help = try Self.run(["scan", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--fail-on"))
        #expect(help.stdout.contains("iosec:ignore"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    @Test func outputFileGetsTheReportAndStderrTheSummary() throws {
        let root = Self.project(["App/Web.swift": "let w = UIWebView()\n"])
        let out = root + "/report.sarif"
        let run = try Self.run(["scan", root, "--format", "sarif", "--output", out, "--exclude", "report.sarif"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("report written to \(out)"))
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(doc?["version"] as? String == "2.1.0")
    }

    @Test func jsonGoesToStdout() throws {
        let root = Self.project(["App/Web.swift": "let w = UIWebView()\n", "Pods/X/Web.swift": "let w = UIWebView()\n"])
        let run = try Self.run(["scan", root, "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.map { $0["file"] as? String } == ["App/Web.swift"])
        let vendored = try Self.run(["scan", root, "--format", "json", "--include-vendored"])
        #expect(vendored.stdout.contains("Pods/X/Web.swift"))
    }

    @Test func rulesAndExplain() throws {
        let rules = try Self.run(["rules"])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("platform.uiwebview"))
        let markdown = try Self.run(["rules", "--markdown"])
        #expect(markdown.stdout.hasPrefix("| id | severity |"))
        let explain = try Self.run(["explain", "platform.uiwebview"])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("Why it matters"))
        #expect(explain.stdout.contains("WKWebView(frame: .zero, configuration: configuration)"))
        #expect(!explain.stdout.contains("↓"))
        // Project rules' examples show every file, named, in its own language.
        let project = try Self.run(["explain", "platform.entitlements-debug"])
        #expect(project.stdout.contains("AcmeWallet.entitlements:\n```xml\n<?xml"))
        #expect(
            project.stdout.contains(
                "Config/Release.xcconfig:\n```text\nCODE_SIGN_ENTITLEMENTS = AcmeWallet.entitlements"))
    }

    @Test func productionScanChecksAssociationFileAppIDs() throws {
        let root = Self.project([
            "Server/.well-known/apple-app-site-association": """
            { "webcredentials": { "apps": ["ABCDE12345.com.acme.wallet", "ABCDE12345.com.acme.wallet.dev"] } }
            """
        ])
        #expect(try Self.run(["scan", root, "--fail-on", "medium"]).status == 0)
        let production = try Self.run(["scan", root, "--production", "--fail-on", "medium"])
        #expect(production.status == 1)
        #expect(
            production.stdout.contains(
                "platform.aasa-dev-app-id  ABCDE12345.com.acme.wallet.dev looks like a development build's App ID"))
        let listed = try Self.run([
            "scan", root, "--production", "--fail-on", "medium",
            "--release-app-id", "ABCDE12345.com.acme.wallet", "--release-app-id", "ABCDE12345.com.acme.wallet.dev"
        ])
        #expect(listed.status == 0, "\(listed.stdout)")
        let bad = try Self.run(["scan", root, "--production", "--release-app-id", "com.acme.wallet"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--release-app-id"))
        #expect(try Self.run(["scan", root, "--release-app-id", "ABCDE12345.com.acme.wallet"]).status == 2)
    }

    @Test func configurationFilesAreReviewedWithTheirDiagnostics() throws {
        let root = Self.project([
            "App/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
            """,
            "Widget/Info.plist": "<?xml version=\"1.0\"?>\n<plist><dict><key>A</key></plist>\n"
        ])
        let run = try Self.run(["scan", root, "--format", "json"])
        #expect(run.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.map { $0["ruleId"] as? String } == ["network.ats-arbitrary-loads"])
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["file"] as? String } == ["Widget/Info.plist"])
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix("not reviewed: line 2") == true)
    }

    @Test func noColorIsHonouredEvenWhenForced() throws {
        let root = Self.project(["App/Web.swift": "let w = UIWebView()\n"])
        #expect(!(try Self.run(["scan", root], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}[")))
    }
}
