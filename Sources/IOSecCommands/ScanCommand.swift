import ArgumentParser
import Foundation
import IOSecAudit
import IOSecCore

package struct ScanCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Review a project folder or a single file.",
        discussion: """
            Reads Swift sources and the configuration beside them (Info.plist, entitlements, privacy manifests, \
            association files, pbxproj and xcconfig files), runs every rule, combines facts across files, and reports \
            findings grouped by severity with the fix.

            By default only app code is reported. Findings in tests (test targets, `*Tests` folders, files importing \
            XCTest, Testing, Quick or Nimble), SwiftUI previews, `#if DEBUG` code, build tooling (fastlane, scripts, \
            Package.swift) and sample code are counted in the summary line and left out; bring them back with \
            `--include-tests` or `--include-context test,preview,debug,tooling,sample,unreferenced` (or `all`).

            Suppress a finding with `// iosec:ignore RULE-ID -- reason` on its line or the line above, or a whole \
            file with `// iosec:ignore-file RULE-ID`.

            Settings can live in .iosec.yml (`iosec init` writes one), found from PATH upwards to the repository \
            root; flags win over it. `--write-baseline FILE` records today's findings; `--baseline FILE` then reports \
            only new ones.

            Examples:
              iosec scan MyApp
              iosec scan MyApp --format sarif --output iosec.sarif --fail-on medium
              iosec scan MyApp --format github --sarif-output iosec.sarif --json-output iosec.json
              iosec scan MyApp --format xcode --fail-on none        (an Xcode build phase)
              iosec scan MyApp --exclude 'Generated/**' --exclude '*.pb.swift'
              iosec scan MyApp --production --release-app-id ABCDE12345.com.acme.wallet
              iosec scan MyApp --include-context debug,preview
              iosec scan MyApp --write-baseline iosec-baseline.json
              iosec scan MyApp --baseline iosec-baseline.json --fail-on medium
            """
    )

    package init() {}

    @Argument(
        help: ArgumentHelp(
            "Project folder or file to scan; several paths scan those files as part of their project.",
            discussion: """
                With one folder or file, everything in it is scanned. With several paths (or --files-from, Xcode's \
                script inputs, --baseline-commit), the listed Swift and Objective-C files are analysed with every \
                configuration file of the repository they are in, and findings in listed files are reported.
                """),
        completion: .file())
    var paths: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Output format: text, json, sarif, xcode, github, gitlab-sast, codeclimate, html or checklist.",
            discussion: """
                xcode: `/abs/path:line:col: error|warning|note: message (rule.id)`, critical and high as errors, \
                medium and low as warnings, info as notes. github: workflow-command annotations (same mapping, info as \
                notices) and a Markdown list of every finding appended to $GITHUB_STEP_SUMMARY when it is set. \
                gitlab-sast: GitLab Security Report (schema 15.0.7). codeclimate: GitLab Code Quality. CI formats \
                (sarif, github, gitlab-sast, codeclimate) give paths relative to the git repository holding PATH. \
                html: one self-contained page (summary, checklist, findings with code and fixes, filters); write it \
                with --output. checklist: the 52-item audit checklist in text (`iosec checklist` has Markdown and \
                JSON too).
                """))
    var format: OutputFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @OptionGroup(title: "More reports from the same scan")
    var outputs: ReportOutputs

    @Option(
        name: .customLong("fail-on"),
        help:
            "Exit 1 when a finding at or above this severity remains: critical, high, medium, low, info or none (default: the configuration's fail_on, else high)."
    )
    var failOn: FailOn?

    @Option(
        name: .customLong("min-confidence"),
        help: ArgumentHelp(
            "Leave out findings below this confidence: high, medium or low (default: the configuration's min_confidence, else medium).",
            discussion: """
                A finding that rests on a name alone (a variable called `token`) is rated at most medium, in severity \
                and confidence; a name that is often wrong (a generic name such as `token` in a log line) is low. Findings on a \
                resolved API, value or traced flow keep their rule's confidence. Findings left out are counted in the \
                summary; `low` shows everything.
                """))
    var minConfidence: Confidence?

    @Option(
        name: .customLong("exclude"),
        help:
            "Leave out paths matching this glob (relative to PATH; `*`, `?`, `**`), besides the configuration's exclude. Repeatable."
    )
    var excludes: [String] = []

    @Flag(
        name: .customLong("include-vendored"), inversion: .prefixedNo,
        help:
            "Also scan Pods, Carthage, .build, DerivedData, node_modules, asset catalogs and the configuration's third_party_folders (default: off)."
    )
    var includeVendored: Bool?

    @Flag(
        name: .customLong("include-tests"), inversion: .prefixedNo,
        help: "Also report findings in test code, fixtures and mocks (default: off).")
    var includeTests: Bool?

    @Option(
        name: .customLong("include-context"),
        help:
            "Also report findings in these code contexts: test, preview, debug, tooling, sample, unreferenced or all (comma-separated, repeatable; added to the configuration's include_contexts)."
    )
    var includeContexts: [String] = []

    @Option(
        name: .customLong("max-file-size"),
        help:
            "Skip files larger than this many MB (with a diagnostic; default: 8, and 2 for Swift files, whose syntax trees take about 90 MB of memory per MB). A size given applies to every kind."
    )
    var maxFileSizeMB: Double?

    @Option(name: .shortAndLong, help: "Files analysed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        name: .customLong("file-time-limit"),
        help:
            "Seconds the rules may spend on one Swift file; past it the rest of the file is left out with a diagnostic and the scan goes on (default: 10; 0: no limit)."
    )
    var fileTimeLimit: Double?

    @Flag(
        inversion: .prefixedNo,
        help: "Apply the production checks: association files must list only release App IDs (default: off).")
    var production: Bool?

    @Option(
        name: .customLong("release-app-id"),
        help:
            "With --production: an App ID (TEAMID.bundle.id) that may appear in association files; any other is reported. Repeatable."
    )
    var releaseAppIDs: [String] = []

    @OptionGroup(title: "Configuration file and baseline")
    var configuration: ScanConfigOptions

    @OptionGroup(title: "Scanning changed files")
    var selection: ScanSelectionOptions

    @Flag(
        name: .customLong("include-generated"),
        help:
            "Also analyse generated Swift (files marked @generated, DO NOT EDIT, Sourcery, SwiftGen; *.pb.swift); by default they are skipped and counted."
    )
    var includeGenerated = false

    @Flag(name: .shortAndLong, help: "No progress line and no summary on standard error.")
    var quiet = false

    @Option(
        name: .customLong("cache-path"),
        help: ArgumentHelp(
            "Keep each file's results in this folder and reuse them while the file, the settings, the project's constants and iosec are unchanged.",
            discussion: """
                Off unless given (a scan writes nothing but its reports); `--cache-path default` uses \
                $XDG_CACHE_HOME/iosec (~/Library/Caches/iosec on macOS, ~/.cache/iosec elsewhere). Project rules \
                always run again.
                """,
            valueName: "folder"),
        completion: .directory)
    var cachePath: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write a result cache, whatever --cache-path says.")
    var noCache = false

    /// For the build-tool plugin: a Swift file holding one comment, written when the scan is done. A build command
    /// needs an output, and any other kind of file would become a resource of the scanned target.
    @Option(name: .customLong("stamp"), help: .hidden)
    var stamp: String?

    package func validate() throws {
        if paths.isEmpty, !selection.isSelection {
            throw ValidationError("give a PATH to scan (or --files-from, --use-script-input-files, --baseline-commit)")
        }
        try selection.validate(paths: paths)
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard (maxFileSizeMB ?? 1) > 0 else { throw ValidationError("--max-file-size must be positive") }
        guard (fileTimeLimit ?? 0) >= 0 else { throw ValidationError("--file-time-limit must be 0 (no limit) or more") }
        for id in releaseAppIDs {
            if let problem = AppID.problem(with: id) { throw ValidationError("--release-app-id: \(problem)") }
        }
        if !releaseAppIDs.isEmpty && production == false {
            throw ValidationError("--release-app-id goes with --production")
        }
        _ = try contexts()
        try outputs.validate(output: output)
        if format.checklist && !outputs.extra.isEmpty {
            throw ValidationError("--format checklist writes one report; `iosec checklist --format` has its formats")
        }
    }

    /// The contexts `--include-context` asks for, besides app code (`--include-tests` is merged with the
    /// configuration file's `include_tests`).
    func contexts() throws -> Set<CodeContext> {
        var result: Set<CodeContext> = [.app]
        for word in includeContexts.flatMap({ $0.split(separator: ",") }).map({
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }) {
            if word == "all" { return Set(CodeContext.allCases) }
            guard let context = CodeContext(rawValue: word) else {
                let known = CodeContext.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--include-context: unknown context '\(word)'; use \(known) or all")
            }
            result.insert(context)
        }
        return result
    }

    /// What to scan: one path as it is, or a root with the selected files in it.
    func target() throws -> (root: String, selection: [String]?) {
        if let ref = selection.baselineCommit {
            let folder = paths.first ?? "."
            do {
                return (folder, try GitBaseline.changedFiles(since: ref, in: folder))
            } catch let error as GitBaseline.Failure {
                throw FatalError(error.description)
            }
        }
        if !selection.isSelection, paths.count == 1 { return (paths[0], nil) }
        let listed = paths + (try selection.listedPaths())
        let root = ScanRoot.forPaths(listed)
        for path in root.skipped where !quiet {
            FileHandle.standardError.write(Data("iosec: \(path): not found in the repository; skipped\n".utf8))
        }
        return (root.root, root.selection)
    }

    package func run() throws {
        let (root, selected) = try target()
        var settings = try settings(for: root)
        let progress = quiet ? nil : Progress.forTerminal()
        let result: ScanResult
        do {
            // The baselines are the scan's last stage (`FindingPipeline`): what the commit had, then the file's.
            if let ref = selection.baselineCommit, let selected {
                settings.options.baselines.append(
                    try baseline(atCommit: ref, root: root, selection: selected, settings: settings))
            }
            if let inForce = try configuration.baselineInForce(settings) { settings.options.baselines.append(inForce) }
            result = try Scanner(options: settings.options).scan(root, selection: selected, progress: progress)
        } catch let error as ScanError {
            throw FatalError(error.description)
        }
        if progress != nil { Progress.clear() }
        try configuration.writeBaselineIfAsked(from: result, settings: settings)
        if format.checklist {
            try ChecklistCommand.write(Checklist.evaluate(result), format: .text, output: output)
        } else {
            try outputs.write(
                result, format: format.value, output: output, failOn: settings.failOn.severity, quiet: quiet)
        }
        if let stamp {
            let line =
                "// iosec scan of \(root): \(result.activeFindings.count) findings (a build-tool plugin's output)\n"
            try ReportOutputs.write(line, to: stamp)
        }
        if result.fails(at: settings.failOn.severity) { throw ExitCode(1) }
    }

    /// `--baseline-commit`: scans the same files as they were at `ref`; what was there already is left out.
    private func baseline(
        atCommit ref: String, root: String, selection: [String], settings: ScanSettings
    ) throws -> Baseline.InForce {
        let before: ScanResult
        do {
            let checkout = try GitBaseline.checkout(ref, of: root)
            defer { try? FileManager.default.removeItem(atPath: checkout.temporary) }
            before = try Scanner(options: settings.options).scan(checkout.folder, selection: selection)
        } catch let error as GitBaseline.Failure {
            throw FatalError(error.description)
        }
        return Baseline.InForce(Baseline(findings: before.findings))
    }
}

struct OutputFormat: ExpressibleByArgument {
    let value: ReportFormat
    /// `checklist`: the audit checklist answered from this scan (`ChecklistCommand`), not a `ReportFormat`.
    var checklist = false
    init?(argument: String) {
        if argument.lowercased() == "checklist" {
            value = .text
            checklist = true
            return
        }
        guard let format = ReportFormat(rawValue: argument.lowercased()) else { return nil }
        value = format
    }
    static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) + ["checklist"] }
    static let text = OutputFormat(argument: "text")!
}

struct FailOn: ExpressibleByArgument {
    /// nil means never fail.
    let severity: Severity?
    init?(argument: String) {
        if argument.lowercased() == "none" {
            severity = nil
            return
        }
        guard let s = Severity(rawValue: argument.lowercased()) else { return nil }
        severity = s
    }
    static var allValueStrings: [String] { Severity.descending.map(\.rawValue) + ["none"] }
    static let high = FailOn(argument: "high")!
}

extension Confidence: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
