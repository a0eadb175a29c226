import ArgumentParser
import Foundation
import IOSecAudit
import IOSecCore

package struct ChecklistCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "checklist",
        abstract: "Answer the 52-item iOS security audit checklist for a project.",
        discussion: """
            Scans PATH as `iosec scan` does and answers each item of the merged audit checklists (passkey \
            pre-production audit, iOS security audit, pre-release checklist, Apple's SecItem guidance), grouped by \
            topic, with a one-line verdict at the top:

              pass    the rules that decide the item ran and found nothing (named), or the app uses the IOSecKit \
            building block that provides it
              fail    findings of those rules (rule, file:line, message)
              n/a     the app does not do what the item is about: no web view, no Keychain, no associated domains
              manual  what a person must check, and how

            Only findings in app code count, as in `iosec scan`; findings of rules no item names are listed after the \
            items. The same text comes from `iosec scan PATH --format checklist`.

            Exit status: 0 no item fails, 1 at least one item fails, 2 usage error or PATH cannot be scanned.

            Examples:
              iosec checklist MyApp
              iosec checklist MyApp --format markdown --output SECURITY-CHECKLIST.md
              iosec checklist MyApp --format json | jq '.items[] | select(.verdict == "fail") | .number'
              iosec checklist MyApp --production --release-app-id ABCDE12345.com.acme.wallet
            """
    )

    package init() {}

    @Argument(help: "Project folder or file to review.", completion: .file())
    var path: String

    @Option(name: .shortAndLong, help: "Output format: text, markdown or json.")
    var format: ChecklistFormatArgument = .text

    @Option(name: .shortAndLong, help: "Write the checklist to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("exclude"),
        help: "Leave out paths matching this glob (relative to PATH; `*`, `?`, `**`). Repeatable.")
    var excludes: [String] = []

    @Flag(
        name: .customLong("include-vendored"),
        help: "Also scan Pods, Carthage, .build, DerivedData, node_modules and asset catalogs.")
    var includeVendored = false

    @Flag(help: "Apply the production checks, which decide item 2 (development App IDs in association files).")
    var production = false

    @Option(
        name: .customLong("release-app-id"),
        help: "With --production: an App ID (TEAMID.bundle.id) that may appear in association files. Repeatable.")
    var releaseAppIDs: [String] = []

    @Option(name: .shortAndLong, help: "Files analysed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    package func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        for id in releaseAppIDs {
            if let problem = AppID.problem(with: id) { throw ValidationError("--release-app-id: \(problem)") }
        }
        if !releaseAppIDs.isEmpty && !production { throw ValidationError("--release-app-id goes with --production") }
    }

    package func run() throws {
        let options = ScanOptions(
            excludes: excludes, includeVendored: includeVendored, jobs: jobs, production: production,
            releaseAppIDs: releaseAppIDs)
        let result: ScanResult
        do {
            result = try Scanner(options: options).scan(path, progress: Progress.forTerminal())
        } catch let error as ScanError {
            throw FatalError(error.description)
        }
        Progress.clear()
        let report = Checklist.evaluate(result)
        try Self.write(report, format: format.value, output: output)
        if report.fails { throw ExitCode(1) }
    }

    /// Writes the checklist to `output`, or standard output (coloured text on a terminal); with a file, the verdict
    /// line goes to standard error so a CI log still shows it.
    static func write(_ report: ChecklistReport, format: ChecklistFormat, output: String?) throws {
        let colored = output == nil && format == .text && Terminal.supportsColor(fileDescriptor: STDOUT_FILENO)
        let text = format.render(report, colored: colored)
        try CommandOutput.write(text, to: output, summary: "checklist: \(report.verdictLine)")
    }
}

struct ChecklistFormatArgument: ExpressibleByArgument {
    let value: ChecklistFormat
    init?(argument: String) {
        guard let format = ChecklistFormat(rawValue: argument.lowercased()) else { return nil }
        value = format
    }
    static var allValueStrings: [String] { ChecklistFormat.allCases.map(\.rawValue) }
    static let text = ChecklistFormatArgument(argument: "text")!
}
