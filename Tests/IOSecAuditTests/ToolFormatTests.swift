import Foundation
import IOSecAudit
import IOSecCore
import Testing

/// The formats tools read: Xcode diagnostics, GitHub workflow commands and step summary, GitLab SAST, Code
/// Climate, and what GitHub code scanning needs from SARIF.
@Suite struct ToolFormatTests {
    static func finding(
        _ rule: String, _ severity: Severity, file: String = "App/A.swift", line: Int, column: Int = 5,
        message: String? = nil, snippet: String? = nil, suppressed: Bool = false
    ) -> Finding {
        Finding(
            ruleId: rule, severity: severity, confidence: .high, title: "Title of \(rule)",
            message: message ?? "\(severity.rawValue) problem", file: file, line: line, column: column,
            endLine: line, endColumn: column + 10, snippet: snippet ?? "let x\(line) = \(rule)()",
            masvs: "MASVS-STORAGE-1", cwe: 312, fix: "Do the right thing.", suppressed: suppressed)
    }

    /// One finding per severity, one suppressed, and a diagnostic.
    static let mixed = ScanResult(
        root: "/tmp/Project",
        findings: [
            finding("r.critical", .critical, line: 1),
            finding("r.high", .high, line: 2),
            finding("r.medium", .medium, line: 3),
            finding("r.suppressed", .high, line: 4, suppressed: true),
            finding("r.low", .low, file: "App/B.swift", line: 1),
            finding("r.info", .info, file: "Info.plist", line: 0, column: 0)
        ],
        diagnostics: [Diagnostic(file: "App/Big.swift", message: "skipped: too big")],
        filesScanned: 3, bytesScanned: 100, durationSeconds: 0.25)

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    // MARK: Xcode

    @Test func xcodeLinesHaveAbsolutePathsAndMappedLevels() {
        let out = XcodeReporter().render(Self.mixed)
        #expect(
            out == """
                /tmp/Project/App/A.swift:1:5: error: critical problem (r.critical)
                /tmp/Project/App/A.swift:2:5: error: high problem (r.high)
                /tmp/Project/App/A.swift:3:5: warning: medium problem (r.medium)
                /tmp/Project/App/B.swift:1:5: warning: low problem (r.low)
                /tmp/Project/Info.plist: note: info problem (r.info)
                /tmp/Project/App/Big.swift: warning: skipped: too big (iosec)

                """)
    }

    @Test func xcodeKeepsOneDiagnosticPerLineAndResolvesRelativeAndFileRoots() throws {
        let hostile = ScanResult(
            root: "Project",
            findings: [
                Self.finding(
                    "r.high", .high, file: "App/x\n/y.swift", line: 3, message: "a\nb.swift:1:1: error: forged")
            ],
            diagnostics: [], filesScanned: 1, bytesScanned: 1, durationSeconds: 0)
        let out = XcodeReporter().render(hostile)
        let cwd = FileManager.default.currentDirectoryPath
        #expect(out == "\(cwd)/Project/App/x /y.swift:3:5: error: a b.swift:1:1: error: forged (r.high)\n")

        // One file scanned: findings are named by the file alone, and the path is its folder's.
        let tree = TemporaryTree()
        let file = tree.write("App/Web.swift", "let w = UIWebView()\n")
        let single = ScanResult(
            root: file, findings: [Self.finding("platform.uiwebview", .high, file: "Web.swift", line: 1, column: 9)],
            diagnostics: [], filesScanned: 1, bytesScanned: 1, durationSeconds: 0)
        #expect(XcodeReporter().render(single).hasPrefix("\(tree.root)/App/Web.swift:1:9: error: "))
    }

    // MARK: GitHub

    @Test func githubCommandsMapSeveritiesAndPositions() {
        let lines = GitHubReporter().render(Self.mixed).split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(
            lines[0]
                == "::error file=App/A.swift,line=1,col=5,endLine=1,endColumn=15,title=Title of r.critical (r.critical)"
                + "::critical problem%0Afix: Do the right thing.")
        #expect(lines[2].hasPrefix("::warning file=App/A.swift,line=3,"))
        #expect(lines[3].hasPrefix("::warning file=App/B.swift,line=1,"))
        #expect(
            lines[4]
                == "::notice file=Info.plist,title=Title of r.info (r.info)::info problem%0Afix: Do the right thing.")
        #expect(lines[5] == "::warning file=App/Big.swift,title=iosec::skipped: too big")
        #expect(!lines.contains { $0.contains("r.suppressed") })
    }

    @Test func githubCommandsEscapeHostileMessagesAndPaths() {
        let hostile = ScanResult(
            root: "/tmp/Project",
            findings: [
                Self.finding(
                    "r.high", .high, file: "App/we,ird:na%me\n.swift", line: 7,
                    message: "100% bad\r\n::error file=x::forged, line")
            ],
            diagnostics: [], filesScanned: 1, bytesScanned: 1, durationSeconds: 0)
        let out = GitHubReporter().render(hostile)
        #expect(
            out == "::error file=App/we%2Cird%3Ana%25me%0A.swift,line=7,col=5,endLine=7,endColumn=15,"
                + "title=Title of r.high (r.high)::100%25 bad%0D%0A::error file=x::forged, line%0Afix: Do the right thing.\n"
        )
        #expect(out.filter { $0 == "\n" }.count == 1, "one command, no forged line")
    }

    @Test func githubStepSummaryListsEveryFindingGroupedWithCounts() {
        // More findings than the 10 annotations GitHub shows.
        let many = (1...14).map { Self.finding("r.high", .high, line: $0, message: "bad <b>\($0)</b> | pipe") }
        let result = ScanResult(
            root: "/tmp/Project", findings: many + [Self.finding("r.low", .low, file: "B.swift", line: 1)],
            diagnostics: [], filesScanned: 2, bytesScanned: 1, durationSeconds: 0)
        let summary = GitHubReporter().stepSummary(result)
        #expect(summary.hasPrefix("## iosec: 15 findings\n"))
        #expect(summary.contains("| high | 14 |\n| medium | 0 |\n| low | 1 |"))
        #expect(summary.contains("### High (14)\n"))
        #expect(summary.contains("### Low (1)\n"))
        #expect(!summary.contains("### Medium"))
        for line in 1...14 { #expect(summary.contains("| App/A.swift:\(line):5 | r.high |")) }
        #expect(summary.contains("bad \\<b\\>14\\</b\\> \\| pipe"), "markup and table pipes are escaped")
        #expect(!summary.contains("<b>"))
        let clean = GitHubReporter().stepSummary(
            ScanResult(root: "/", findings: [], diagnostics: [], filesScanned: 1, bytesScanned: 0, durationSeconds: 0))
        #expect(clean.hasPrefix("## iosec: 0 findings\n"))
        #expect(!clean.contains("###"))
    }

    @Test func githubStepSummaryStaysUnderGitHubsLimit() {
        let long = String(repeating: "x", count: 2000)
        let many = (1...1000).map { Self.finding("r.high", .high, line: $0, message: long) }
        let result = ScanResult(
            root: "/tmp/Project", findings: many, diagnostics: [], filesScanned: 1, bytesScanned: 1, durationSeconds: 0)
        let summary = GitHubReporter().stepSummary(result)
        #expect(summary.utf8.count < 1_048_576)
        #expect(summary.contains("more not listed here"))
    }

    @Test func ciFormatsGivePathsRelativeToTheRepository() throws {
        let result = ReporterTests.result(ReporterTests.code)
        #expect(GitHubReporter(repositoryRoot: "/tmp").render(result).hasPrefix("::error file=Project/App/Web.swift,"))
        #expect(GitHubReporter(repositoryRoot: "/elsewhere").render(result).hasPrefix("::error file=App/Web.swift,"))

        let sarif = try #require(try json(SARIFReporter(repositoryRoot: "/tmp").render(result)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let base = (run["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"]
        #expect(base == "file:///tmp/")
        let uris = (run["results"] as? [[String: Any]] ?? []).compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any])?["uri"] as? String
        }
        #expect(uris == ["Project/App/Web.swift", "Project/App/Web.swift", "Project/App/Web.swift"])

        let gitlab = try #require(try json(GitLabSASTReporter(repositoryRoot: "/tmp").render(result)) as? [String: Any])
        let files = (gitlab["vulnerabilities"] as? [[String: Any]] ?? []).compactMap {
            ($0["location"] as? [String: Any])?["file"] as? String
        }
        #expect(files == ["Project/App/Web.swift", "Project/App/Web.swift"])
        let codeclimate = try #require(
            try json(CodeClimateReporter(repositoryRoot: "/tmp").render(result)) as? [[String: Any]])
        #expect(
            codeclimate.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }.first
                == "Project/App/Web.swift")
    }

    @Test func repositoryRootIsTheNearestFolderWithGit() {
        let tree = TemporaryTree()
        tree.mkdir("repo/.git")
        tree.write("repo/Sub/App/Web.swift", "")
        tree.write("worktree/.git", "gitdir: /elsewhere\n")
        #expect(ReportPaths.repositoryRoot(containing: tree.root + "/repo/Sub") == tree.root + "/repo")
        #expect(ReportPaths.repositoryRoot(containing: tree.root + "/repo/Sub/App/Web.swift") == tree.root + "/repo")
        #expect(ReportPaths.repositoryRoot(containing: tree.root + "/worktree") == tree.root + "/worktree")
        let paths = ReportPaths(scanRoot: tree.root + "/repo/Sub/App/Web.swift", repositoryRoot: tree.root + "/repo")
        #expect(paths.relative("Web.swift") == "Sub/App/Web.swift")
        #expect(paths.absolute("Web.swift") == tree.root + "/repo/Sub/App/Web.swift")
    }

    // MARK: GitLab SAST

    struct GitLabReport: Decodable {
        struct Component: Decodable {
            struct Vendor: Decodable { let name: String }
            let id: String
            let name: String
            let version: String
            let vendor: Vendor
        }
        struct Scan: Decodable {
            struct Message: Decodable {
                let level: String
                let value: String
            }
            let analyzer: Component
            let scanner: Component
            let type: String
            let status: String
            let start_time: String
            let end_time: String
            let messages: [Message]
        }
        struct Vulnerability: Decodable {
            struct Identifier: Decodable {
                let type: String
                let name: String
                let value: String
                let url: String?
            }
            struct Location: Decodable {
                let file: String
                let start_line: Int
                let end_line: Int?
            }
            let id: String
            let category: String
            let name: String
            let description: String
            let severity: String
            let solution: String?
            let identifiers: [Identifier]
            let location: Location
        }
        let schema: String
        let version: String
        let scan: Scan
        let vulnerabilities: [Vulnerability]
    }

    @Test func gitlabSASTReportHasTheSchemasFields() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let text = GitLabSASTReporter(times: start...start.addingTimeInterval(2)).render(Self.mixed)
        let report = try JSONDecoder().decode(GitLabReport.self, from: Data(text.utf8))
        #expect(report.version == "15.0.7")
        #expect(report.schema.hasSuffix("/v15.0.7/dist/sast-report-format.json"))
        #expect(report.scan.type == "sast" && report.scan.status == "success")
        #expect(report.scan.analyzer.id == "iosec" && report.scan.scanner.version == IOSecVersion.current)
        #expect(report.scan.analyzer.vendor.name == "iosec")
        #expect(report.scan.start_time == "2023-11-14T22:13:20")
        #expect(report.scan.end_time == "2023-11-14T22:13:22")
        #expect(report.scan.messages.map(\.value) == ["App/Big.swift: skipped: too big"])
        #expect(report.scan.messages.map(\.level) == ["warn"])

        let vulnerabilities = report.vulnerabilities
        #expect(vulnerabilities.map(\.severity) == ["Critical", "High", "Medium", "Low", "Info"], "suppressed left out")
        #expect(vulnerabilities.allSatisfy { $0.category == "sast" })
        let first = try #require(vulnerabilities.first)
        #expect(first.name == "Title of r.critical")
        #expect(first.description.hasPrefix("critical problem"))
        #expect(first.solution == "Do the right thing.")
        #expect(first.identifiers.map(\.type) == ["iosec_rule_id", "cwe", "owasp_masvs"])
        #expect(first.identifiers[0].value == "r.critical")
        #expect(first.identifiers[1].value == "312")
        #expect(first.identifiers[1].url == "https://cwe.mitre.org/data/definitions/312.html")
        #expect(first.location.file == "App/A.swift" && first.location.start_line == 1)
        #expect(vulnerabilities.last?.location.start_line == 1, "a finding without a line is put on line 1")
        let uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
        #expect(vulnerabilities.allSatisfy { $0.id.wholeMatch(of: uuid) != nil })
        #expect(Set(vulnerabilities.map(\.id)).count == vulnerabilities.count)
        // The rule's rationale explains the finding when the rule is known.
        let real = try JSONDecoder().decode(
            GitLabReport.self, from: Data(GitLabSASTReporter().render(ReporterTests.result(ReporterTests.code)).utf8))
        #expect(real.vulnerabilities.first?.description.contains("UIWebView") == true)
        #expect(real.scan.start_time == "1970-01-01T00:00:00", "no times given: a fixed instant")
    }

    @Test(
        .enabled(
            if: GitLabSchema.path != nil && GitLabSchema.hasJSONSchema,
            "needs the GitLab report schema and Python's jsonschema (.ci/run installs it)"))
    func gitlabSASTReportValidatesAgainstGitLabsSchema() throws {
        let tree = TemporaryTree()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let report = tree.write("gl-sast-report.json", GitLabSASTReporter(times: start...start).render(Self.mixed))
        let run = try GitLabSchema.python([GitLabSchema.script.path, "gitlab-sast", report, GitLabSchema.path!])
        #expect(run.status == 0, "\(run.output)")
    }

    // MARK: Code Climate

    struct CodeClimateIssue: Decodable {
        struct Location: Decodable {
            struct Lines: Decodable {
                let begin: Int
                let end: Int?
            }
            let path: String
            let lines: Lines
        }
        let type: String
        let check_name: String
        let description: String
        let fingerprint: String
        let severity: String
        let categories: [String]
        let location: Location
    }

    @Test func codeClimateIssuesHaveWhatGitLabCodeQualityReads() throws {
        let text = CodeClimateReporter().render(Self.mixed)
        let issues = try JSONDecoder().decode([CodeClimateIssue].self, from: Data(text.utf8))
        #expect(issues.map(\.severity) == ["blocker", "critical", "major", "minor", "info"])
        #expect(issues.map(\.check_name) == ["r.critical", "r.high", "r.medium", "r.low", "r.info"])
        #expect(issues.allSatisfy { $0.type == "issue" && $0.categories == ["Security"] })
        #expect(issues[0].description == "critical problem")
        #expect(issues[0].location.path == "App/A.swift" && issues[0].location.lines.begin == 1)
        #expect(issues[4].location.lines.begin == 1, "a finding without a line is put on line 1")
        #expect(issues.allSatisfy { $0.fingerprint.wholeMatch(of: /[0-9a-f]{32}/) != nil })
        #expect(Set(issues.map(\.fingerprint)).count == issues.count)
        let empty = ScanResult(
            root: "/", findings: [], diagnostics: [], filesScanned: 0, bytesScanned: 0, durationSeconds: 0)
        #expect(CodeClimateReporter().render(empty) == "[]\n")
    }

    // MARK: Identity and determinism

    @Test func fingerprintsAreSharedAndSurviveLineMoves() throws {
        func ids(_ code: String) throws -> (gitlab: [String], codeclimate: [String], sarif: [String]) {
            let result = ReporterTests.result(code)
            let gitlab = try JSONDecoder().decode(
                GitLabReport.self, from: Data(GitLabSASTReporter().render(result).utf8))
            let issues = try JSONDecoder().decode(
                [CodeClimateIssue].self, from: Data(CodeClimateReporter().render(result).utf8))
            return (gitlab.vulnerabilities.map(\.id), issues.map(\.fingerprint), FindingFingerprint.of(result.findings))
        }
        let before = try ids("let a = UIWebView()\nlet b = UIWebView()\n")
        let after = try ids("import UIKit\n\n// moved down\nlet a = UIWebView()\n\nlet b = UIWebView()\n")
        #expect(before.gitlab.count == 2 && before.codeclimate.count == 2)
        #expect(before.gitlab == after.gitlab)
        #expect(before.codeclimate == after.codeclimate)
        #expect(before.sarif == after.sarif)
        // Two identical lines differ by their occurrence index.
        let twins = try ids("let a = UIWebView()\nlet a = UIWebView()\n")
        #expect(Set(twins.gitlab).count == 2 && Set(twins.codeclimate).count == 2)
        #expect(twins.sarif.map { $0.split(separator: ":").last } == ["1", "2"])
    }

    @Test func everyFormatIsByteIdenticalBetweenRuns() {
        let settings = ReportSettings(repositoryRoot: "/tmp")
        for format in ReportFormat.allCases {
            let first = format.reporter(settings).render(ReporterTests.result(ReporterTests.code))
            let second = format.reporter(settings).render(ReporterTests.result(ReporterTests.code))
            #expect(first == second, "\(format.rawValue)")
            #expect(!first.isEmpty, "\(format.rawValue)")
        }
    }

    // MARK: SARIF for GitHub code scanning

    @Test func sarifHasWhatGitHubCodeScanningReads() throws {
        let result = ReporterTests.result(ReporterTests.code)
        let doc = try #require(try json(SARIFReporter().render(result)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for rule in rules {
            let properties = try #require(rule["properties"] as? [String: Any])
            let score = try #require(Double(properties["security-severity"] as? String ?? ""))
            #expect(score > 0 && score <= 10)
            #expect((properties["tags"] as? [String])?.contains("security") == true)
            #expect(properties["precision"] is String)
            let help = try #require(rule["help"] as? [String: String])
            #expect(help["text"]?.isEmpty == false && help["markdown"]?.isEmpty == false)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        let expected = FindingFingerprint.of(result.findings)
        #expect(
            results.map { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] } == expected)
    }

    @Test func sarifKeepsTheMostSevereResultsWithinTheLimit() throws {
        #expect(SARIFReporter().maxResults == 25_000)
        let doc = try #require(try json(SARIFReporter(maxResults: 2).render(Self.mixed)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["r.critical", "r.high"])
        let notifications = try #require(
            (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        let first = try #require(notifications.first)
        #expect(first["level"] as? String == "warning")
        #expect(
            ((first["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("4 of 6 results left out") == true)
        let all = try #require(try json(SARIFReporter().render(Self.mixed)) as? [String: Any])
        let allRun = try #require((all["runs"] as? [[String: Any]])?.first)
        #expect((allRun["results"] as? [[String: Any]])?.count == 6)
    }

    @Test(
        .enabled(
            if: GitLabSchema.hasJSONSchema && FileManager.default.fileExists(atPath: GitLabSchema.sarifSchema),
            "needs ../shared/reference/sarif-schema-2.1.0.json and Python's jsonschema (.ci/run installs it)"))
    func truncatedSarifStillValidates() throws {
        let tree = TemporaryTree()
        let report = tree.write("iosec.sarif", SARIFReporter(maxResults: 2).render(Self.mixed))
        let run = try GitLabSchema.python([GitLabSchema.script.path, "sarif", report, GitLabSchema.sarifSchema])
        #expect(run.status == 0, "\(run.output)")
    }
}

/// GitLab's schema for SAST reports: `../shared/reference/gitlab-sast-report-format-15.0.7.json` beside the
/// repository (as CI has the SARIF schema), or the file `IOSEC_GITLAB_SAST_SCHEMA` names. Without it, the
/// field-by-field test above still runs.
enum GitLabSchema {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = repository.appendingPathComponent("scripts/validate-report.py")
    static let sarifSchema = repository.appendingPathComponent("../shared/reference/sarif-schema-2.1.0.json")
        .standardizedFileURL.path

    static var path: String? {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["IOSEC_GITLAB_SAST_SCHEMA"],
            repository.appendingPathComponent("../shared/reference/gitlab-sast-report-format-15.0.7.json")
                .standardizedFileURL.path
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    static var hasJSONSchema: Bool { (try? python(["-c", "import jsonschema"]).status) == 0 }

    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
