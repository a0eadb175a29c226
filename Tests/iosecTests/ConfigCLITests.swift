import Foundation
import Testing

/// `.iosec.yml`, `iosec init` and baselines as a user meets them on the command line.
@Suite struct ConfigCLITests {
    typealias CLI = CLITests

    /// A project with a repository root, so no `.iosec.yml` above it is read.
    static func repository(_ files: [String: String]) -> String {
        CLI.project(files.merging([".git/HEAD": "ref: refs/heads/main\n"]) { a, _ in a })
    }

    @Test func fileSettingsApplyAndFlagsWin() throws {
        let root = Self.repository([
            "App/Web.swift": "let w = UIWebView()\n",
            "App/Generated/Web.swift": "let w = UIWebView()\n",
            ".iosec.yml": "exclude: [Generated]\nseverity: { platform.uiwebview: low }\nfail_on: low\n"
        ])
        let fromFile = try CLI.run(["scan", root])
        #expect(fromFile.status == 1, "fail_on: low and a low finding")
        #expect(fromFile.stdout.contains("LOW (1)"))
        #expect(fromFile.stdout.contains("App/Web.swift:1:9  platform.uiwebview"))
        #expect(!fromFile.stdout.contains("Generated"))

        #expect(try CLI.run(["scan", root, "--fail-on", "medium"]).status == 0, "the flag wins over fail_on")
        let noConfig = try CLI.run(["scan", root, "--no-config", "--fail-on", "none"])
        #expect(noConfig.stdout.contains("HIGH (2)"))

        // From a sub-folder the same file applies.
        let sub = try CLI.run(["scan", root + "/App", "--fail-on", "none"])
        #expect(sub.stdout.contains("LOW (1)"))
        #expect(!sub.stdout.contains("Generated"))
    }

    @Test func badConfigurationExitsTwoNamingFileAndLine() throws {
        let root = Self.repository([
            "App/Web.swift": "let w = UIWebView()\n",
            ".iosec.yml": "fail_on: high\nexclude: [Generated]\nexclued: [Tests]\n"
        ])
        let run = try CLI.run(["scan", root])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(".iosec.yml:3:1: unknown key 'exclued' (did you mean 'excluded'?)"), "\(run.stderr)")

        let other = CLI.project(["ci.yml": "fail_on: sometimes\n"])
        let explicit = try CLI.run(["scan", root, "--config", other + "/ci.yml"])
        #expect(explicit.status == 2)
        #expect(explicit.stderr.contains(other + "/ci.yml:1:10: fail_on must be one of"), "\(explicit.stderr)")
        #expect(
            try CLI.run(["scan", root, "--config", other + "/none.yml"]).stderr.contains("none.yml: could not be read"))
        #expect(try CLI.run(["scan", root, "--config", other + "/ci.yml", "--no-config"]).status == 2)
    }

    @Test func initWritesAStarterAndKeepsAnExistingOne() throws {
        let root = Self.repository(["App/Web.swift": "let w = UIWebView()\n"])
        let first = try CLI.run(["init", root])
        #expect(first.status == 0)
        let path = root + "/.iosec.yml"
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("fail_on: high"))
        #expect(written.contains("# disabled_rules:"))

        try "fail_on: none\n".write(toFile: path, atomically: true, encoding: .utf8)
        let again = try CLI.run(["init", root])
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists; use --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "fail_on: none\n")
        #expect(try CLI.run(["init", root, "--force"]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == written)

        // The starter is a working configuration: the scan uses it.
        let scan = try CLI.run(["scan", root])
        #expect(scan.status == 1)
        #expect(scan.stdout.contains("platform.uiwebview"))
    }

    @Test func baselineReportsOnlyNewFindings() throws {
        let root = Self.repository([
            "App/Web.swift": "let help = UIWebView()\n",
            "App/Hash.swift": "let digest = Insecure.MD5.hash(data: body)\n"
        ])
        let baseline = root + "/iosec-baseline.json"
        let write = try CLI.run(["scan", root, "--write-baseline", baseline, "--fail-on", "none"])
        #expect(write.status == 0)
        #expect(write.stderr.contains("baseline written to \(baseline): 2 findings"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: baseline))
        _ = try CLI.run(["scan", root, "--write-baseline", baseline, "--fail-on", "none"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == bytes, "byte-stable across runs")

        let unchanged = try CLI.run(["scan", root, "--baseline", baseline, "--fail-on", "info"])
        #expect(unchanged.status == 0, "\(unchanged.stdout)")
        #expect(unchanged.stdout.contains("no findings"))
        #expect(unchanged.stdout.contains("2 baselined, 0 fixed since the baseline"))

        // Code moves, one finding is fixed, one is new.
        try "\n\n// Help screen\nfunc show() {\n    let help = UIWebView()\n}\nlet terms = UIWebView()\n".write(
            toFile: root + "/App/Web.swift", atomically: true, encoding: .utf8)
        try "let digest = SHA256.hash(data: body)\n".write(
            toFile: root + "/App/Hash.swift", atomically: true, encoding: .utf8)
        let changed = try CLI.run(["scan", root, "--baseline", baseline])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("App/Web.swift:7:13  platform.uiwebview"))
        #expect(!changed.stdout.contains("App/Web.swift:5:"))
        #expect(changed.stdout.contains("1 finding (0 critical, 1 high"))
        #expect(changed.stdout.contains("1 baselined, 1 fixed since the baseline"))
        let json = try CLI.run(["scan", root, "--baseline", baseline, "--format", "json", "--fail-on", "none"])
        #expect(json.stdout.contains("\"baselined\" : 1"))
        #expect(json.stdout.contains("\"baselineFixed\" : 1"))

        // The configuration can name the baseline, relative to its folder.
        try "baseline: iosec-baseline.json\n".write(toFile: root + "/.iosec.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["scan", root + "/App"]).stdout.contains("1 baselined, 1 fixed"))

        let missing = try CLI.run(["scan", root, "--baseline", root + "/nope.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.json: no such baseline file"))
    }

    @Test func helpExplainsTheNewOptions() throws {
        let help = try CLI.run(["scan", "--help"]).stdout
        for option in [
            "--config", "--no-config", "--baseline", "--write-baseline", "--no-include-tests", "--no-production",
            "--no-include-vendored"
        ] {
            #expect(help.contains(option), "\(option) missing from --help")
        }
        #expect(try CLI.run(["init", "--help"]).stdout.contains("--force"))
        #expect(try CLI.run(["--help"]).stdout.contains("init"))
    }
}
