import Foundation
import IOSecCore

/// GitLab's Security Report format for SAST (schema 15.0.7): what `artifacts: reports: sast:` takes for the
/// merge-request widget and the vulnerability report. One vulnerability per unsuppressed finding, with a stable
/// UUID, the rule as its primary identifier and the CWE and MASVS control after it; the scan object names iosec
/// as analyzer and scanner. Keys are sorted.
public struct GitLabSASTReporter: Reporter {
    public static let schemaVersion = "15.0.7"
    public static let schemaURL =
        "https://gitlab.com/gitlab-org/security-products/security-report-schemas/-/raw/v15.0.7/dist/sast-report-format.json"

    public let rules: [RuleDescription]
    public let repositoryRoot: String?
    /// The scan's start and end, which the schema requires; nil gives the fixed instant 1970-01-01T00:00:00 so
    /// that reports of the same code are byte-identical.
    public let times: ClosedRange<Date>?

    public init(
        rules: [RuleDescription] = RuleRegistry.all, repositoryRoot: String? = nil, times: ClosedRange<Date>? = nil
    ) {
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.times = times
    }

    struct Report: Encodable {
        let schema = GitLabSASTReporter.schemaURL
        let version = GitLabSASTReporter.schemaVersion
        let scan: Scan
        let vulnerabilities: [Vulnerability]
    }
    struct Scan: Encodable {
        let analyzer: Component
        let scanner: Component
        let type = "sast"
        let status = "success"
        let start_time: String
        let end_time: String
        /// Input diagnostics; left out when there are none.
        let messages: [Message]?
    }
    struct Component: Encodable {
        struct Vendor: Encodable { let name: String }
        let id: String
        let name: String
        let version: String
        let vendor: Vendor
    }
    struct Message: Encodable {
        let level: String
        let value: String
    }
    struct Vulnerability: Encodable {
        let id: String
        let category = "sast"
        let name: String
        let description: String
        let severity: String
        let solution: String
        let identifiers: [Identifier]
        let location: Location
        let raw_source_code_extract: String
    }
    struct Identifier: Encodable {
        let type: String
        let name: String
        let value: String
        let url: String?
    }
    struct Location: Encodable {
        let file: String
        let start_line: Int
        let end_line: Int
    }

    public func render(_ result: ScanResult) -> String {
        let paths = ReportPaths(scanRoot: result.root, repositoryRoot: repositoryRoot)
        let rationale = Dictionary(rules.map { ($0.id, $0.rationale) }, uniquingKeysWith: { first, _ in first })
        let fingerprints = FindingFingerprint.of(result.findings)
        var vulnerabilities: [Vulnerability] = []
        for (finding, fingerprint) in zip(result.findings, fingerprints) where !finding.suppressed {
            var description = finding.message
            if let why = rationale[finding.ruleId] { description += "\n\n" + why }
            var identifiers = [
                Identifier(type: "iosec_rule_id", name: "iosec \(finding.ruleId)", value: finding.ruleId, url: nil)
            ]
            if finding.cwe > 0 {
                identifiers.append(
                    Identifier(
                        type: "cwe", name: "CWE-\(finding.cwe)", value: String(finding.cwe),
                        url: "https://cwe.mitre.org/data/definitions/\(finding.cwe).html"))
            }
            if !finding.masvs.isEmpty {
                identifiers.append(
                    Identifier(
                        type: "owasp_masvs", name: finding.masvs, value: finding.masvs,
                        url: "https://mas.owasp.org/MASVS/controls/\(finding.masvs)/"))
            }
            vulnerabilities.append(
                Vulnerability(
                    id: FindingFingerprint.uuid(fingerprint),
                    name: Self.limit(finding.title, 255),
                    description: Self.limit(description, 1_000_000),
                    severity: Self.severity(finding.severity),
                    solution: Self.limit(finding.fix, 7000),
                    identifiers: identifiers,
                    location: Location(
                        file: paths.relative(finding.file), start_line: max(1, finding.line),
                        end_line: max(1, finding.line, finding.endLine)),
                    raw_source_code_extract: finding.snippet))
        }
        let tool = Component(id: "iosec", name: "iosec", version: IOSecVersion.current, vendor: .init(name: "iosec"))
        let start = times?.lowerBound ?? Date(timeIntervalSince1970: 0)
        let end = times?.upperBound ?? start
        let report = Report(
            scan: Scan(
                analyzer: tool, scanner: tool, start_time: Self.timestamp(start), end_time: Self.timestamp(end),
                messages: result.diagnostics.isEmpty
                    ? nil
                    : result.diagnostics.map {
                        Message(level: "warn", value: "\(paths.relative($0.file)): \($0.message)")
                    }),
            vulnerabilities: vulnerabilities)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .critical: "Critical"
        case .high: "High"
        case .medium: "Medium"
        case .low: "Low"
        case .info: "Info"
        }
    }

    /// `yyyy-mm-ddThh:mm:ss` in UTC, the only form the schema accepts.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0,
            c.minute ?? 0, c.second ?? 0)
    }

    /// The schema's length limits, in characters.
    static func limit(_ text: String, _ count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}
