import Foundation
import Testing

/// Scans that fit a pull request: several paths, --files-from, Xcode's script inputs, --baseline-commit; generated
/// code; --quiet, Ctrl-C and completions.
@Suite struct SelectionCLITests {
    static let webView = "let web = UIWebView()\n"
    static let token = "UserDefaults.standard.set(authToken, forKey: \"token\")\n"

    /// A git repository with one commit, in a new folder.
    static func repository(_ files: [String: String]) throws -> String {
        let root = CLITests.project(files)
        for arguments in [
            ["init", "-q"], ["config", "user.email", "ci@example.com"], ["config", "user.name", "CI"],
            ["add", "."], ["commit", "-q", "-m", "first"]
        ] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", root] + arguments
            try git.run()
            git.waitUntilExit()
            #expect(git.terminationStatus == 0, "git \(arguments)")
        }
        return root
    }

    static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:], stdin: String? = nil)
        throws -> CLITests.Run
    {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLITests.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func files(_ run: CLITests.Run) -> Set<String> {
        Set(
            run.stdout.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard let colon = trimmed.firstIndex(of: ":"), trimmed.contains("  ") else { return nil }
                return String(trimmed[..<colon])
            })
    }

    @Test func severalPathsScanThoseFilesWithTheProjectsConfiguration() throws {
        let root = try Self.repository([
            "App/A.swift": Self.webView, "App/B.swift": Self.webView, "App/C.swift": Self.webView,
            "App/Info.plist": "<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>"
        ])
        let run = try Self.run(["scan", "App/A.swift", "App/B.swift", "--fail-on", "none"], in: root)
        #expect(run.status == 0)
        #expect(Self.files(run) == ["App/A.swift", "App/B.swift"])
        // A folder among the paths selects everything in it.
        let folder = try Self.run(["scan", "App", "App/A.swift", "--fail-on", "none"], in: root)
        #expect(Self.files(folder) == ["App/A.swift", "App/B.swift", "App/C.swift"])
    }

    /// One staged file, as a pre-commit hook passes it: the project's privacy manifest is read, so its UserDefaults
    /// use is not reported as undeclared.
    @Test func withProjectReadsTheProjectForOneFile() throws {
        let manifest = """
            <plist><dict><key>NSPrivacyAccessedAPITypes</key><array><dict>
            <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            <key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string></array>
            </dict></array></dict></plist>
            """
        let root = try Self.repository([
            "App/Settings.swift": "UserDefaults.standard.set(true, forKey: \"onboarded\")\n",
            "App/PrivacyInfo.xcprivacy": manifest, "App/Other.swift": Self.webView
        ])
        let alone = try Self.run(["scan", "App/Settings.swift", "--fail-on", "none"], in: root)
        #expect(alone.stdout.contains("privacy.required-reason-api"))
        let inProject = try Self.run(["scan", "--with-project", "App/Settings.swift", "--fail-on", "none"], in: root)
        #expect(!inProject.stdout.contains("privacy.required-reason-api"))
        #expect(!inProject.stdout.contains("Other.swift"))
    }

    @Test func filesFromAListOrStandardInput() throws {
        let root = try Self.repository(["App/A.swift": Self.webView, "App/B.swift": Self.webView])
        let list = root + "/changed.txt"
        try "App/B.swift\nApp/Deleted.swift\n# a comment\n".write(toFile: list, atomically: true, encoding: .utf8)
        let run = try Self.run(["scan", "--files-from", list, "--fail-on", "none"], in: root)
        #expect(Self.files(run) == ["App/B.swift"])
        #expect(run.stderr.contains("App/Deleted.swift: not found in the repository; skipped"))
        let piped = try Self.run(["scan", "--files-from", "-", "--fail-on", "none"], in: root, stdin: "App/A.swift\n")
        #expect(Self.files(piped) == ["App/A.swift"])
    }

    @Test func xcodeScriptInputs() throws {
        let root = try Self.repository(["App/A.swift": Self.webView, "App/B.swift": Self.webView])
        let list = root + "/inputs.xcfilelist"
        try "\(root)/App/B.swift\n".write(toFile: list, atomically: true, encoding: .utf8)
        let files = try Self.run(
            ["scan", "--use-script-input-files", "--format", "xcode", "--fail-on", "none"], in: root,
            environment: ["SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": "App/A.swift"])
        #expect(files.stdout.contains("/App/A.swift:1:11: warning:"))
        #expect(!files.stdout.contains("B.swift"))
        let lists = try Self.run(
            ["scan", "--use-script-input-file-lists", "--format", "xcode", "--fail-on", "none"], in: root,
            environment: ["SCRIPT_INPUT_FILE_LIST_COUNT": "1", "SCRIPT_INPUT_FILE_LIST_0": list])
        #expect(lists.stdout.contains("/App/B.swift:1:11: warning:"))
        #expect(!lists.stdout.contains("A.swift"))
        let missing = try Self.run(["scan", "--use-script-input-files"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("SCRIPT_INPUT_FILE_COUNT is not set"))
    }

    @Test func baselineCommitReportsOnlyNewFindingsInChangedFiles() throws {
        let root = try Self.repository([
            "App/Old.swift": Self.webView, "App/Untouched.swift": Self.webView, "App/Clean.swift": "import Foundation\n"
        ])
        // Old.swift keeps its old finding and gains one; New.swift is untracked; Untouched.swift is not changed.
        try (Self.webView + Self.token).write(toFile: root + "/App/Old.swift", atomically: true, encoding: .utf8)
        try Self.webView.write(toFile: root + "/App/New.swift", atomically: true, encoding: .utf8)
        let run = try Self.run(["scan", ".", "--baseline-commit", "HEAD", "--format", "json"], in: root)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(doc["findings"] as? [[String: Any]])
        let found = Set(findings.map { "\($0["file"]!):\($0["line"]!):\($0["ruleId"]!)" })
        #expect(found.contains("App/New.swift:1:platform.uiwebview"))
        #expect(found.contains("App/Old.swift:2:storage.userdefaults-secret"))
        #expect(!found.contains("App/Old.swift:1:platform.uiwebview"), "it was there at HEAD")
        #expect(!findings.contains { ($0["file"] as? String) == "App/Untouched.swift" })
        let summary = try #require(doc["summary"] as? [String: Any])
        #expect(summary["baselined"] as? Int == 1)
        #expect(run.status == 1)
        let bad = try Self.run(["scan", ".", "--baseline-commit", "no-such-ref"], in: root)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("git rev-parse"))
        let outside = try Self.run(["scan", ".", "--baseline-commit", "HEAD"], in: CLITests.project(["a.swift": ""]))
        #expect(outside.status == 2)
    }

    @Test func generatedCodeIsSkippedAndCounted() throws {
        let root = CLITests.project([
            "App/Model.pb.swift": Self.webView,
            "App/Strings.swift": "// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen\n" + Self.webView,
            "App/Hand.swift": Self.webView
        ])
        let run = try CLITests.run(["scan", root, "--fail-on", "none"])
        #expect(Self.files(run) == ["App/Hand.swift"])
        #expect(run.stdout.contains("2 generated files skipped (--include-generated)"))
        let all = try CLITests.run(["scan", root, "--fail-on", "none", "--include-generated"])
        #expect(Self.files(all) == ["App/Hand.swift", "App/Model.pb.swift", "App/Strings.swift"])
    }

    @Test func quietLeavesStandardErrorEmpty() throws {
        let root = CLITests.project(["App/A.swift": Self.webView])
        let output = root + "/report.json"
        let loud = try CLITests.run(["scan", root, "--format", "json", "--output", output, "--fail-on", "none"])
        #expect(loud.stderr.contains("report written to"))
        let quiet = try CLITests.run(["scan", root, "--format", "json", "--output", output, "--fail-on", "none", "-q"])
        #expect(quiet.stderr.isEmpty)
    }

    /// Blocked reading a file list from standard input, the scan is interrupted: one line, status 130.
    @Test func controlCStopsWithStatus130() throws {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["scan", "--files-from", "-"]
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        // A scan that ignores the interrupt must not hold the test run: killed after 20 s, and the test fails.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 130)
        #expect(
            String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
                "iosec: interrupted"))
    }

    @Test func completionScripts() throws {
        for shell in ["zsh", "bash", "fish"] {
            let run = try CLITests.run(["--generate-completion-script", shell])
            #expect(run.status == 0)
            #expect(run.stdout.contains("baseline-commit"), "\(shell)")
        }
    }
}
