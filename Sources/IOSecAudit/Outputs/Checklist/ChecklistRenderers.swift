import Foundation
import IOSecCore

/// The checklist's outputs: text for a terminal, Markdown for a pull request or an audit document, JSON for scripts
/// (stable: keys sorted, items by number, nothing that changes between runs of the same scan).
public enum ChecklistFormat: String, CaseIterable, Sendable {
    case text, markdown, json

    public func render(_ report: ChecklistReport, colored: Bool = false) -> String {
        switch self {
        case .text: ChecklistText(colored: colored).render(report)
        case .markdown: ChecklistMarkdown.render(report)
        case .json: ChecklistJSON.render(report)
        }
    }

    /// Findings shown per item in text and Markdown; JSON lists all.
    static let findingsShown = 10
}

/// `iosec scan --format checklist`: the checklist in text from the scan that was made anyway.
public struct ChecklistReporter: Reporter {
    public var colored: Bool

    public init(colored: Bool = false) { self.colored = colored }

    public func render(_ result: ScanResult) -> String {
        ChecklistFormat.text.render(Checklist.evaluate(result), colored: colored)
    }
}

extension ChecklistReport {
    /// Entries under each group's heading, groups without entries left out.
    var grouped: [(title: String, entries: [ChecklistEntry])] {
        Checklist.groups.compactMap { group in
            let entries = entries.filter { group.numbers.contains($0.item.number) }
            return entries.isEmpty ? nil : (group.title, entries)
        }
    }
}

struct ChecklistText {
    var colored: Bool

    func render(_ report: ChecklistReport) -> String {
        var out =
            paint("Checklist: " + report.verdictLine, "1") + "  (\(report.entries.count) items · \(report.root))\n"
        for (title, entries) in report.grouped {
            out += "\n" + paint(title.uppercased(), "1") + "\n"
            for entry in entries { out += lines(entry) }
        }
        if !report.outsideTheChecklist.isEmpty {
            let count = report.outsideTheChecklist.count
            out += "\n" + paint("OUTSIDE THE CHECKLIST (\(count) finding\(count == 1 ? "" : "s"))", "1") + "\n"
            out += findingLines(report.outsideTheChecklist, indent: "  ")
        }
        if report.diagnostics > 0 {
            out += "\n\(report.diagnostics) file\(report.diagnostics == 1 ? "" : "s") could not be read: "
            out += "`iosec scan` lists them; items they would decide may pass without them.\n"
        }
        out += "\n" + report.verdictLine + "\n"
        return out
    }

    private static let indent = String(repeating: " ", count: 15)

    private func lines(_ entry: ChecklistEntry) -> String {
        let number =
            String(repeating: " ", count: max(0, 4 - String(entry.item.number).count))
            + String(entry.item.number)
        let label = entry.verdict == .fail ? "FAIL" : entry.verdict.label
        let padded = label + String(repeating: " ", count: max(0, 8 - label.count))
        var out = "\(number)  \(paint(padded, Self.color(entry.verdict)))\(entry.item.title)\n"
        if !entry.reason.isEmpty { out += Self.indent + entry.reason + "\n" }
        if !entry.evidence.isEmpty {
            out += Self.indent + "seen: " + entry.evidence.map(\.description).joined(separator: " · ") + "\n"
        }
        if entry.verdict == .fail { out += findingLines(entry.findings, indent: Self.indent) }
        if entry.verdict == .manual { out += Self.indent + "check: " + entry.item.check + "\n" }
        return out
    }

    private func findingLines(_ findings: [Finding], indent: String) -> String {
        var out = ""
        for finding in findings.prefix(ChecklistFormat.findingsShown) {
            out += "\(indent)\(finding.file):\(finding.line):\(finding.column)  \(finding.ruleId)  \(finding.message)\n"
        }
        if findings.count > ChecklistFormat.findingsShown {
            out += "\(indent)… and \(findings.count - ChecklistFormat.findingsShown) more (`iosec scan` lists all)\n"
        }
        return out
    }

    private static func color(_ verdict: ChecklistVerdict) -> String {
        switch verdict {
        case .pass: "32"
        case .fail: "31;1"
        case .notApplicable: "2"
        case .manual: "33"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

enum ChecklistMarkdown {
    static func render(_ report: ChecklistReport) -> String {
        var out = "# Security checklist: \(inline(report.root))\n\n"
        out += "**\(report.verdictLine)** — the \(report.entries.count) items of the merged iOS audit checklists, "
        out += "answered by iosec \(IOSecVersion.current).\n"
        for (title, entries) in report.grouped {
            out += "\n## \(title)\n\n| # | item | verdict | details |\n|---:|---|---|---|\n"
            for entry in entries {
                out +=
                    "| \(entry.item.number) | \(cell(entry.item.title)) | \(badge(entry.verdict)) | \(details(entry)) |\n"
            }
        }
        if !report.outsideTheChecklist.isEmpty {
            out += "\n## Outside the checklist\n\nFindings of rules no item names:\n\n"
            for finding in report.outsideTheChecklist.prefix(ChecklistFormat.findingsShown * 5) {
                out += "- " + findingText(finding) + "\n"
            }
            if report.outsideTheChecklist.count > ChecklistFormat.findingsShown * 5 {
                out += "- … and \(report.outsideTheChecklist.count - ChecklistFormat.findingsShown * 5) more\n"
            }
        }
        if report.diagnostics > 0 {
            out += "\n> \(report.diagnostics) file\(report.diagnostics == 1 ? "" : "s") could not be read "
            out += "(`iosec scan` lists them): items they would decide may pass without them.\n"
        }
        return out
    }

    private static func badge(_ verdict: ChecklistVerdict) -> String {
        switch verdict {
        case .pass: "✅ pass"
        case .fail: "❌ **fail**"
        case .notApplicable: "➖ n/a"
        case .manual: "📝 manual"
        }
    }

    private static func details(_ entry: ChecklistEntry) -> String {
        var parts: [String] = []
        if !entry.reason.isEmpty { parts.append(cell(entry.reason)) }
        if entry.verdict == .fail {
            parts += entry.findings.prefix(ChecklistFormat.findingsShown).map { cell(findingText($0)) }
            if entry.findings.count > ChecklistFormat.findingsShown {
                parts.append("… and \(entry.findings.count - ChecklistFormat.findingsShown) more")
            }
        }
        if !entry.evidence.isEmpty && entry.verdict != .fail {
            parts.append("seen: " + cell(entry.evidence.map(\.description).joined(separator: " · ")))
        }
        if entry.verdict == .manual { parts.append("**check:** " + cell(entry.item.check)) }
        return parts.joined(separator: "<br>")
    }

    private static func findingText(_ finding: Finding) -> String {
        "`\(finding.ruleId)` \(finding.file):\(finding.line) — \(finding.message)"
    }

    /// Table cells: a `|` ends the cell and a newline the row.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func inline(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}

/// Version 1 of the checklist's JSON.
enum ChecklistJSON {
    struct Document: Encodable {
        struct Tool: Encodable {
            let name: String
            let version: String
        }
        struct Summary: Encodable {
            let pass: Int
            let fail: Int
            let notApplicable: Int
            let manual: Int
            let items: Int
            let verdict: String
            let diagnostics: Int
        }
        struct Location: Encodable {
            let ruleId: String
            let severity: String
            let file: String
            let line: Int
            let column: Int
            let message: String

            init(_ finding: Finding) {
                ruleId = finding.ruleId
                severity = finding.severity.rawValue
                file = finding.file
                line = finding.line
                column = finding.column
                message = finding.message
            }
        }
        struct Item: Encodable {
            let number: Int
            let title: String
            let group: String
            let sources: String
            let kind: String
            let verdict: String
            let reason: String
            let rules: [String]
            let iosecKit: [String]
            let evidence: [ChecklistEvidence]
            let findings: [Location]
            let check: String
        }
        let version: Int
        let tool: Tool
        let root: String
        let summary: Summary
        let items: [Item]
        let outsideTheChecklist: [Location]
    }

    static func render(_ report: ChecklistReport) -> String {
        let groups = Dictionary(
            report.grouped.flatMap { group in group.entries.map { ($0.item.number, group.title) } },
            uniquingKeysWith: { a, _ in a })
        let document = Document(
            version: 1, tool: .init(name: "iosec", version: IOSecVersion.current), root: report.root,
            summary: .init(
                pass: report.count(.pass), fail: report.count(.fail), notApplicable: report.count(.notApplicable),
                manual: report.count(.manual), items: report.entries.count, verdict: report.verdictLine,
                diagnostics: report.diagnostics),
            items: report.entries.sorted { $0.item.number < $1.item.number }.map { entry in
                Document.Item(
                    number: entry.item.number, title: entry.item.title, group: groups[entry.item.number] ?? "",
                    sources: entry.item.sources, kind: entry.item.kind, verdict: entry.verdict.rawValue,
                    reason: entry.reason, rules: entry.item.rules, iosecKit: entry.item.kit,
                    evidence: entry.evidence, findings: entry.findings.map(Document.Location.init),
                    check: entry.item.check)
            },
            outsideTheChecklist: report.outsideTheChecklist.map(Document.Location.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain value types: encoding cannot fail; keep a readable fallback rather than crash.
        guard let data = try? encoder.encode(document) else { return "{\"version\":1,\"error\":\"encoding failed\"}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
