import ArgumentParser
import Foundation
import IOSecAudit
import IOSecCore

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Review a project folder or a single file.",
        discussion: """
            Reads Swift sources and the configuration beside them (Info.plist, entitlements, privacy manifests, \
            association files, pbxproj and xcconfig files), runs every rule, combines facts across files, and reports \
            findings grouped by severity with the fix.

            By default only app code is reported. Findings in tests (test targets, `*Tests` folders, files importing \
            XCTest, Testing, Quick or Nimble), SwiftUI previews, `#if DEBUG` code, build tooling (fastlane, scripts, \
            Package.swift) and sample code are counted in the summary line and left out; bring them back with \
            `--include-tests` or `--include-context test,preview,debug,tooling,sample` (or `all`).

            Suppress a finding with `// iosec:ignore RULE-ID -- reason` on its line or the line above, or a whole \
            file with `// iosec:ignore-file RULE-ID`.

            Examples:
              iosec scan MyApp
              iosec scan MyApp --format sarif --output iosec.sarif --fail-on medium
              iosec scan MyApp --exclude 'Generated/**' --exclude '*.pb.swift'
              iosec scan MyApp --production --release-app-id ABCDE12345.com.acme.wallet
              iosec scan MyApp --include-context debug,preview
            """
    )

    @Argument(help: "Project folder or file to scan.", completion: .file())
    var path: String

    @Option(name: .shortAndLong, help: "Output format: text, json or sarif.")
    var format: OutputFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("fail-on"),
        help: "Exit 1 when a finding at or above this severity remains: critical, high, medium, low, info or none.")
    var failOn: FailOn = .high

    @Option(
        name: .customLong("exclude"),
        help: "Leave out paths matching this glob (relative to PATH; `*`, `?`, `**`). Repeatable.")
    var excludes: [String] = []

    @Flag(
        name: .customLong("include-vendored"),
        help: "Also scan Pods, Carthage, .build, DerivedData, node_modules and asset catalogs.")
    var includeVendored = false

    @Flag(name: .customLong("include-tests"), help: "Also report findings in test code, fixtures and mocks.")
    var includeTests = false

    @Option(
        name: .customLong("include-context"),
        help:
            "Also report findings in these code contexts: test, preview, debug, tooling, sample or all (comma-separated, repeatable)."
    )
    var includeContexts: [String] = []

    @Option(name: .customLong("max-file-size"), help: "Skip files larger than this many MB (with a diagnostic).")
    var maxFileSizeMB: Double = Double(ScanOptions.defaultMaxFileSize) / 1_048_576

    @Option(name: .shortAndLong, help: "Files analysed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Apply the production checks: association files must list only release App IDs.")
    var production = false

    @Option(
        name: .customLong("release-app-id"),
        help:
            "With --production: an App ID (TEAMID.bundle.id) that may appear in association files; any other is reported. Repeatable."
    )
    var releaseAppIDs: [String] = []

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxFileSizeMB > 0 else { throw ValidationError("--max-file-size must be positive") }
        for id in releaseAppIDs {
            if let problem = AppID.problem(with: id) { throw ValidationError("--release-app-id: \(problem)") }
        }
        if !releaseAppIDs.isEmpty && !production { throw ValidationError("--release-app-id goes with --production") }
        _ = try contexts()
    }

    /// The contexts `--include-tests` and `--include-context` ask for, besides app code.
    func contexts() throws -> Set<CodeContext> {
        var result: Set<CodeContext> = includeTests ? [.app, .test] : [.app]
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

    func run() throws {
        let options = ScanOptions(
            excludes: excludes, includeVendored: includeVendored,
            maxFileSize: Int(maxFileSizeMB * 1_048_576), jobs: jobs, production: production,
            releaseAppIDs: releaseAppIDs,
            includedContexts: try contexts())
        let result: ScanResult
        do {
            result = try Scanner(options: options).scan(path, progress: Progress.forTerminal())
        } catch let error as ScanError {
            throw FatalError(error.description)
        }
        Progress.clear()
        let colored = output == nil && Terminal.supportsColor(fileDescriptor: STDOUT_FILENO)
        let text = format.value.reporter(colored: colored).render(result)
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw FatalError("could not write \(output): \(error.localizedDescription)")
            }
            if format.value != .text {
                FileHandle.standardError.write(
                    Data((TextReporter().summary(result) + " · report written to \(output)\n").utf8))
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if result.fails(at: failOn.severity) { throw ExitCode(1) }
    }
}

struct OutputFormat: ExpressibleByArgument {
    let value: ReportFormat
    init?(argument: String) {
        guard let format = ReportFormat(rawValue: argument.lowercased()) else { return nil }
        value = format
    }
    static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) }
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
