import Foundation
import Testing

/// `iosec scan` writing several reports from one scan, the tool formats end to end, and their help.
@Suite struct ReportOutputsTests {
    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func oneScanWritesEveryRequestedReport() throws {
        let root = CLITests.project(["App/Web.swift": "let w = UIWebView()\n"])
        let out = CLITests.project([:])
        let summary = out + "/summary.md"
        let run = try CLITests.run(
            [
                "scan", root, "--format", "github",
                "--sarif-output", out + "/iosec.sarif", "--json-output", out + "/iosec.json",
                "--text-output", out + "/iosec.txt", "--xcode-output", out + "/xcode.log",
                "--gitlab-sast-output", out + "/gl-sast-report.json",
                "--codeclimate-output", out + "/gl-code-quality-report.json",
                "--github-output", out + "/annotations.txt"
            ],
            environment: ["GITHUB_STEP_SUMMARY": summary, "SOURCE_DATE_EPOCH": "1700000000"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("::error file=App/Web.swift,line=1,col=9,"))
        #expect(try Self.read(out + "/annotations.txt") == run.stdout)

        let sarif = try #require(try Self.json(out + "/iosec.sarif") as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let json = try #require(try Self.json(out + "/iosec.json") as? [String: Any])
        #expect((json["findings"] as? [[String: Any]])?.count == 1)
        let text = try Self.read(out + "/iosec.txt")
        #expect(text.contains("App/Web.swift:1:9  platform.uiwebview"))
        #expect(!text.contains("\u{1B}["))
        let xcode = try Self.read(out + "/xcode.log")
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        #expect(xcode.hasPrefix("\(absolute)/App/Web.swift:1:9: error: "))
        #expect(xcode.contains("(platform.uiwebview)\n"))
        let gitlab = try #require(try Self.json(out + "/gl-sast-report.json") as? [String: Any])
        #expect((gitlab["vulnerabilities"] as? [[String: Any]])?.count == 1)
        #expect((gitlab["scan"] as? [String: Any])?["start_time"] as? String == "2023-11-14T22:13:20")
        let codeclimate = try #require(try Self.json(out + "/gl-code-quality-report.json") as? [[String: Any]])
        #expect(codeclimate.first?["check_name"] as? String == "platform.uiwebview")

        let markdown = try Self.read(summary)
        #expect(markdown.hasPrefix("## iosec: 1 finding\n"))
        #expect(markdown.contains("| App/Web.swift:1:9 | platform.uiwebview |"))
    }

    @Test func outputFileAndExtraReportsAreNamedOnStandardError() throws {
        let root = CLITests.project(["App/Web.swift": "let w = UIWebView()\n"])
        let out = CLITests.project([:])
        let run = try CLITests.run(
            ["scan", root, "--format", "xcode", "--output", out + "/a.log", "--json-output", out + "/b.json"],
            environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("report written to \(out)/a.log, \(out)/b.json"))
        #expect(FileManager.default.fileExists(atPath: out + "/b.json"))
    }

    @Test func stepSummaryIsAppendedAndOnlyForGitHubReports() throws {
        let root = CLITests.project(["App/Web.swift": "let w = UIWebView()\n"])
        let out = CLITests.project(["summary.md": "earlier step\n"])
        let summary = out + "/summary.md"
        _ = try CLITests.run(["scan", root, "--format", "json"], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(try Self.read(summary) == "earlier step\n")
        _ = try CLITests.run(["scan", root, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(try Self.read(summary).hasPrefix("earlier step\n## iosec: 1 finding\n"))
    }

    @Test func ciFormatsNameFilesFromTheRepositoryRoot() throws {
        let repo = CLITests.project([
            "Sub/App/Web.swift": "let w = UIWebView()\n", ".git/HEAD": "ref: refs/heads/main\n"
        ])
        let github = try CLITests.run(
            ["scan", repo + "/Sub", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(github.stdout.hasPrefix("::error file=Sub/App/Web.swift,"))
        let codeclimate = try CLITests.run(["scan", repo + "/Sub", "--format", "codeclimate"])
        #expect(codeclimate.stdout.contains("\"path\" : \"Sub/App/Web.swift\""))
        let json = try CLITests.run(["scan", repo + "/Sub", "--format", "json"])
        #expect(json.stdout.contains("\"file\" : \"App/Web.swift\""), "the JSON report stays relative to PATH")
    }

    @Test func gitlabReportIsByteIdenticalWithSourceDateEpoch() throws {
        let root = CLITests.project(["App/Web.swift": "let w = UIWebView()\n", "App/Log.swift": "print(password)\n"])
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let first = try CLITests.run(["scan", root, "--format", "gitlab-sast"], environment: environment)
        let second = try CLITests.run(
            ["scan", root, "--format", "gitlab-sast", "--jobs", "1"], environment: environment)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"end_time\" : \"2023-11-14T22:13:20\""))
    }

    @Test func oneFileNamedByTwoOutputsIsAUsageError() throws {
        let root = CLITests.project(["App/Web.swift": "let w = UIWebView()\n"])
        let run = try CLITests.run([
            "scan", root, "--json-output", root + "/r.json", "--sarif-output", root + "/./r.json"
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("named by two outputs"))
        let same = try CLITests.run(["scan", root, "--output", root + "/r", "--xcode-output", root + "/r"])
        #expect(same.status == 2)
    }

    @Test func helpExplainsEveryFormatAndOutput() throws {
        let help = try CLITests.run(["scan", "--help"])
        #expect(help.status == 0)
        for option in [
            "--text-output", "--json-output", "--sarif-output", "--xcode-output", "--github-output",
            "--gitlab-sast-output", "--codeclimate-output"
        ] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        for format in ["xcode", "github", "gitlab-sast", "codeclimate"] { #expect(help.stdout.contains(format)) }
        #expect(help.stdout.contains("critical and high as errors"))
        #expect(help.stdout.contains("GITHUB_STEP_SUMMARY"))
    }
}
