import Foundation

/// For people: grouped by severity then file, each finding with its position, rule, message and fix.
/// Colour only when asked (the CLI asks on a terminal without `NO_COLOR`).
public struct TextReporter: Reporter {
    public var colored: Bool

    public init(colored: Bool = false) { self.colored = colored }

    public func render(_ result: ScanResult) -> String {
        var out = ""
        if let app = result.appSummary {
            out += paint("APP", "1") + "\n" + app.lines.map { "  " + $0 + "\n" }.joined() + "\n"
        }
        let active = result.activeFindings
        for severity in Severity.descending {
            let group = active.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            out += paint("\(severity.rawValue.uppercased()) (\(group.count))", Self.color(severity), bold: true) + "\n"
            var currentFile: String?
            for finding in group {
                if finding.file != currentFile {
                    out += "  " + paint(finding.file, "1") + "\n"
                    currentFile = finding.file
                }
                out +=
                    "    \(finding.file):\(finding.line):\(finding.column)  \(paint(finding.ruleId, Self.color(severity)))  \(finding.message)\n"
                for (k, step) in finding.flow.enumerated() {
                    out += "      \(k == 0 ? "flow:" : "     ") \(step.file):\(step.line)  \(step.note)\n"
                }
                if finding.evidence == .name { out += "      evidence: a name only (low confidence)\n" }
                out += "      fix: \(finding.fix)\n"
            }
            out += "\n"
        }
        if !result.diagnostics.isEmpty {
            out += paint("DIAGNOSTICS (\(result.diagnostics.count))", "1") + "\n"
            for diagnostic in result.diagnostics {
                out += "  \(diagnostic.level.rawValue): \(diagnostic.file): \(diagnostic.message)\n"
            }
            out += "\n"
        }
        out += summary(result) + "\n"
        return out
    }

    /// The closing line: counts by severity, files, time, suppressed.
    public func summary(_ result: ScanResult) -> String {
        let counts = result.countsBySeverity
        let total = result.activeFindings.count
        let suppressed = result.findings.count - total
        let files = "\(result.filesScanned) file\(result.filesScanned == 1 ? "" : "s") scanned"
        let time = String(format: "%.2f s", result.durationSeconds)
        var line: String
        if total == 0 {
            line = "no findings · \(files) in \(time)"
        } else {
            let parts = Severity.descending.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
            line = "\(total) finding\(total == 1 ? "" : "s") (\(parts)) · \(files) in \(time)"
        }
        if suppressed > 0 { line += " · \(suppressed) suppressed" }
        if let baseline = result.baseline {
            line += " · \(baseline.baselined) baselined, \(baseline.fixed) fixed since the baseline"
        }
        if let hidden = Self.hiddenSummary(result) { line += " · " + hidden }
        if result.hiddenByConfidence > 0 {
            let n = result.hiddenByConfidence
            line += " · \(n) low-confidence finding\(n == 1 ? "" : "s") not shown (--min-confidence low)"
        }
        if result.generatedSkipped > 0 {
            let n = result.generatedSkipped
            line += " · \(n) generated file\(n == 1 ? "" : "s") skipped (--include-generated)"
        }
        if let cached = result.cachedFiles, cached > 0 {
            line += " · \(cached) file\(cached == 1 ? "" : "s") from the cache"
        }
        if let other = result.notSelected, other > 0 {
            line += " · \(other) finding\(other == 1 ? "" : "s") in files not selected left out"
        }
        return line
    }

    /// "not shown: 12 in test code, 3 in SwiftUI previews (--include-tests, --include-context)", or nil.
    static func hiddenSummary(_ result: ScanResult) -> String? {
        let parts = CodeContext.allCases.compactMap { context -> String? in
            guard let count = result.hiddenByContext[context], count > 0 else { return nil }
            return "\(count) in \(context.phrase)"
        }
        guard !parts.isEmpty else { return nil }
        return "not shown: " + parts.joined(separator: ", ") + " (--include-context to see them)"
    }

    private static func color(_ severity: Severity) -> String {
        switch severity {
        case .critical: "35"
        case .high: "31"
        case .medium: "33"
        case .low: "36"
        case .info: "2"
        }
    }

    private func paint(_ text: String, _ code: String, bold: Bool = false) -> String {
        guard colored else { return text }
        return "\u{1B}[\(bold ? "1;" : "")\(code)m\(text)\u{1B}[0m"
    }
}
