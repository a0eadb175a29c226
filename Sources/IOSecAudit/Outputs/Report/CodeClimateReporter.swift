import Foundation

/// Code Climate issues as GitLab Code Quality reads them (`artifacts: reports: codequality:`): a JSON array, one
/// issue per unsuppressed finding with its rule as `check_name`, a fingerprint that survives edits elsewhere in the
/// file, a severity (critical → blocker, high → critical, medium → major, low → minor, info → info) and its path
/// relative to the repository. Keys are sorted.
public struct CodeClimateReporter: Reporter {
    public let repositoryRoot: String?

    public init(repositoryRoot: String? = nil) { self.repositoryRoot = repositoryRoot }

    struct Issue: Encodable {
        struct Content: Encodable { let body: String }
        struct Location: Encodable {
            struct Lines: Encodable {
                let begin: Int
                let end: Int
            }
            let path: String
            let lines: Lines
        }
        let type = "issue"
        let check_name: String
        let description: String
        let content: Content
        let categories = ["Security"]
        let severity: String
        let fingerprint: String
        let location: Location
    }

    public func render(_ result: ScanResult) -> String {
        let paths = ReportPaths(scanRoot: result.root, repositoryRoot: repositoryRoot)
        let fingerprints = FindingFingerprint.of(result.findings)
        var issues: [Issue] = []
        for (finding, fingerprint) in zip(result.findings, fingerprints) where !finding.suppressed {
            let line = max(1, finding.line)
            issues.append(
                Issue(
                    check_name: finding.ruleId,
                    description: finding.message,
                    content: .init(body: "**Fix:** \(finding.fix)\n\n\(finding.masvs) · CWE-\(finding.cwe)"),
                    severity: Self.severity(finding.severity),
                    // Code Quality compares fingerprints between branches; hex only, as other tools emit.
                    fingerprint: FindingFingerprint.digest(fingerprint),
                    location: .init(
                        path: paths.relative(finding.file), lines: .init(begin: line, end: max(line, finding.endLine)))
                ))
        }
        // Foundation pretty-prints an empty array over three lines.
        guard !issues.isEmpty else { return "[]\n" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(issues) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .critical: "blocker"
        case .high: "critical"
        case .medium: "major"
        case .low: "minor"
        case .info: "info"
        }
    }
}
