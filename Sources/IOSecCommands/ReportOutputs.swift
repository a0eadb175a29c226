import ArgumentParser
import Foundation
import IOSecAudit

/// `--FORMAT-output FILE` for every format, semgrep's way of writing several reports from one scan, beside
/// `--format` and `--output`; and where each report goes.
struct ReportOutputs: ParsableArguments {
    @Option(
        name: .customLong("text-output"),
        help: ArgumentHelp("Also write the text report (without colour) to FILE. Repeatable.", valueName: "file"))
    var text: [String] = []

    @Option(
        name: .customLong("json-output"),
        help: ArgumentHelp("Also write the JSON report to FILE. Repeatable.", valueName: "file"))
    var json: [String] = []

    @Option(
        name: .customLong("sarif-output"),
        help: ArgumentHelp("Also write the SARIF report (GitHub code scanning) to FILE. Repeatable.", valueName: "file")
    )
    var sarif: [String] = []

    @Option(
        name: .customLong("xcode-output"),
        help: ArgumentHelp("Also write Xcode diagnostics (absolute paths) to FILE. Repeatable.", valueName: "file"))
    var xcode: [String] = []

    @Option(
        name: .customLong("github-output"),
        help: ArgumentHelp(
            "Also write GitHub workflow commands to FILE (the step summary is written either way). Repeatable.",
            valueName: "file"))
    var github: [String] = []

    @Option(
        name: .customLong("gitlab-sast-output"),
        help: ArgumentHelp(
            "Also write the GitLab SAST report (artifacts:reports:sast) to FILE. Repeatable.", valueName: "file"))
    var gitlabSAST: [String] = []

    @Option(
        name: .customLong("codeclimate-output"),
        help: ArgumentHelp(
            "Also write the Code Climate report (GitLab Code Quality, artifacts:reports:codequality) to FILE. Repeatable.",
            valueName: "file"))
    var codeclimate: [String] = []

    @Option(
        name: .customLong("html-output"),
        help: ArgumentHelp(
            "Also write the HTML report (one self-contained page with the checklist) to FILE. Repeatable.",
            valueName: "file"))
    var html: [String] = []

    /// Every extra report, in the order of the formats' declaration.
    var extra: [(format: ReportFormat, file: String)] {
        let lists: [(ReportFormat, [String])] = [
            (.text, text), (.json, json), (.sarif, sarif), (.xcode, xcode), (.github, github),
            (.gitlabSAST, gitlabSAST), (.codeclimate, codeclimate), (.html, html)
        ]
        return lists.flatMap { format, files in files.map { (format, $0) } }
    }

    /// Two reports written to one file would leave only the last.
    func validate(output: String?) throws {
        var seen: Set<String> = []
        for file in (output.map { [$0] } ?? []) + extra.map(\.file) {
            let key = URL(fileURLWithPath: file).standardizedFileURL.path
            guard seen.insert(key).inserted else { throw ValidationError("\(file) is named by two outputs") }
        }
    }

    /// Renders `format` to `output` (standard output when nil) and every extra report to its file; appends the
    /// Markdown summary to `$GITHUB_STEP_SUMMARY` when a GitHub report is written and that variable is set.
    func write(
        _ result: ScanResult, format: ReportFormat, output: String?, failOn: Severity?, quiet: Bool = false
    ) throws {
        let environment = ProcessInfo.processInfo.environment
        var settings = ReportSettings(
            repositoryRoot: ReportPaths.repositoryRoot(containing: result.root),
            scanTimes: Self.scanTimes(result, environment: environment), failOn: failOn)
        var written: [String] = []
        for (extraFormat, file) in extra {
            try Self.write(extraFormat.reporter(settings).render(result), to: file)
            written.append(file)
        }
        settings.colored = output == nil && Terminal.supportsColor(fileDescriptor: STDOUT_FILENO)
        let report = format.reporter(settings).render(result)
        if let output {
            try Self.write(report, to: output)
            written.insert(output, at: 0)
        }
        if format == .github || !github.isEmpty, let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            Self.append(GitHubReporter(repositoryRoot: settings.repositoryRoot).stepSummary(result), to: summary)
        }
        if output == nil {
            FileHandle.standardOutput.write(Data(report.utf8))
        } else if !quiet, format != .text || !extra.isEmpty {
            FileHandle.standardError.write(
                Data(
                    (TextReporter().summary(result) + " · report written to \(written.joined(separator: ", "))\n").utf8)
            )
        }
    }

    /// The scan's real start and end, or both at `SOURCE_DATE_EPOCH` (the reproducible-builds convention) so that
    /// reports of unchanged code are byte-identical.
    static func scanTimes(_ result: ScanResult, environment: [String: String]) -> ClosedRange<Date> {
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) {
            let date = Date(timeIntervalSince1970: epoch)
            return date...date
        }
        let end = Date()
        return end.addingTimeInterval(-max(0, result.durationSeconds))...end
    }

    static func write(_ text: String, to file: String) throws {
        do {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw FatalError("could not write \(file): \(error.localizedDescription)")
        }
    }

    /// A summary that cannot be written costs the summary, not the scan.
    static func append(_ text: String, to file: String) {
        if !FileManager.default.fileExists(atPath: file) {
            _ = FileManager.default.createFile(atPath: file, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: file) else {
            FileHandle.standardError.write(Data("iosec: could not write the step summary to \(file)\n".utf8))
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        handle.write(Data(text.utf8))
    }
}
