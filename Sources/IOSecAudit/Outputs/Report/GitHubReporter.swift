import Foundation

/// GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` annotation per finding, on its file
/// and line relative to the repository (critical and high are errors, medium and low warnings, info notices).
/// GitHub shows only 10 annotations of each level per step, so ``stepSummary(_:)`` lists every finding for
/// `$GITHUB_STEP_SUMMARY`.
public struct GitHubReporter: Reporter {
    public let repositoryRoot: String?

    public init(repositoryRoot: String? = nil) { self.repositoryRoot = repositoryRoot }

    /// GitHub refuses a step summary over 1 MiB; the listing stops short of it.
    static let summaryLimit = 1_000_000

    public func render(_ result: ScanResult) -> String {
        let paths = ReportPaths(scanRoot: result.root, repositoryRoot: repositoryRoot)
        var out = ""
        for finding in result.activeFindings {
            var properties = [("file", paths.relative(finding.file))]
            if finding.line > 0 {
                properties.append(("line", String(finding.line)))
                if finding.column > 0 { properties.append(("col", String(finding.column))) }
                if finding.endLine >= finding.line {
                    properties.append(("endLine", String(finding.endLine)))
                    // GitHub uses a column range only within one line.
                    if finding.endLine == finding.line && finding.endColumn > finding.column {
                        properties.append(("endColumn", String(finding.endColumn)))
                    }
                }
            }
            properties.append(("title", "\(finding.title) (\(finding.ruleId))"))
            let message = "\(finding.message)\nfix: \(finding.fix)"
            out += Self.command(Self.level(finding.severity), properties, message)
        }
        for diagnostic in result.diagnostics {
            out += Self.command(
                "warning", [("file", paths.relative(diagnostic.file)), ("title", "iosec")], diagnostic.message)
        }
        return out
    }

    /// A Markdown summary: counts by severity, then every finding grouped by severity.
    public func stepSummary(_ result: ScanResult) -> String {
        let paths = ReportPaths(scanRoot: result.root, repositoryRoot: repositoryRoot)
        let active = result.activeFindings
        let counts = result.countsBySeverity
        var out = "## iosec: \(active.count) finding\(active.count == 1 ? "" : "s")\n\n"
        out += "| severity | findings |\n|---|---:|\n"
        for severity in Severity.descending { out += "| \(severity.rawValue) | \(counts[severity] ?? 0) |\n" }
        let suppressed = result.findings.count - active.count
        out += "\n\(result.filesScanned) file\(result.filesScanned == 1 ? "" : "s") scanned"
        if suppressed > 0 { out += " · \(suppressed) suppressed" }
        if let hidden = TextReporter.hiddenSummary(result) { out += " · " + Self.markdown(hidden) }
        if !result.diagnostics.isEmpty {
            out += " · \(result.diagnostics.count) file\(result.diagnostics.count == 1 ? "" : "s") not fully reviewed"
        }
        out += "\n"
        guard !active.isEmpty else { return out }
        out += "\nGitHub shows at most 10 annotations of each level per step; every finding is listed here.\n"
        var listed = 0
        for severity in Severity.descending {
            let group = active.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            out +=
                "\n### \(severity.rawValue.prefix(1).uppercased() + severity.rawValue.dropFirst()) (\(group.count))\n\n"
            out += "| location | rule | message |\n|---|---|---|\n"
            for finding in group {
                let row =
                    "| \(Self.markdown("\(paths.relative(finding.file)):\(finding.line):\(finding.column)")) "
                    + "| \(Self.markdown(finding.ruleId)) | \(Self.markdown(finding.message)) |\n"
                guard out.utf8.count + row.utf8.count < Self.summaryLimit - 200 else {
                    let left = active.count - listed
                    return out
                        + "\n… and \(left) more not listed here (the summary is limited to 1 MiB): see the report.\n"
                }
                out += row
                listed += 1
            }
        }
        return out
    }

    static func level(_ severity: Severity) -> String {
        switch AnnotationLevel(severity) {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeData(message))\n"
    }

    /// The escaping GitHub's runner undoes in a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values also end at `,` and the message starts after `::`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Text in a Markdown table cell: one line, no markup, no HTML, no table pipes, no mentions.
    static func markdown(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#", "@", "!": out += "\\\(character)"
            case _ where character.isNewline: out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
