import Foundation

/// One line per finding in the form Xcode, SwiftPM plugins and most editors read from a build log:
/// `/abs/path/File.swift:12:5: error: message (rule.id)`. Findings at or above the scan's `--fail-on` (high by
/// default) are errors — they are what fails the build phase — the others warnings, info notes; with
/// `--fail-on none` nothing is an error. Suppressed findings are left out; input diagnostics are warnings on their
/// file.
public struct XcodeReporter: Reporter {
    /// The least severity reported as an error; nil: none is.
    public var errorsFrom: Severity?

    public init(errorsFrom: Severity? = .high) { self.errorsFrom = errorsFrom }

    public func render(_ result: ScanResult) -> String {
        let paths = ReportPaths(scanRoot: result.root)
        var out = ""
        for finding in result.activeFindings {
            let level: String
            if let errorsFrom, finding.severity >= errorsFrom {
                level = "error"
            } else {
                level = finding.severity == .info ? "note" : "warning"
            }
            out += "\(location(paths.absolute(finding.file), finding.line, finding.column)): \(level): "
            out += "\(Self.oneLine(finding.message)) (\(finding.ruleId))\n"
        }
        for diagnostic in result.diagnostics {
            // A file that could not be reviewed must not break the build by itself: a warning, whatever its level.
            out += "\(Self.oneLine(paths.absolute(diagnostic.file))): warning: \(Self.oneLine(diagnostic.message))"
            out += " (iosec)\n"
        }
        return out
    }

    /// `path:line:column`, `path:line` without a column, or the path alone for a finding about a whole file.
    private func location(_ path: String, _ line: Int, _ column: Int) -> String {
        let path = Self.oneLine(path)
        guard line > 0 else { return path }
        guard column > 0 else { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }

    /// Xcode reads one diagnostic per line: a line break in a message or file name would start a forged one.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
