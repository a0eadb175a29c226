import Foundation
import IOSecCore

/// SARIF 2.1.0 as GitHub code scanning takes it: one run, every rule's metadata with help and
/// `security-severity`, results with relative locations under `%SRCROOT%` (the repository when one is given),
/// in-source suppressions, fingerprints that do not change when unrelated lines move, and at most
/// ``maxResults`` results.
public struct SARIFReporter: Reporter {
    public let rules: [RuleDescription]
    public let repositoryRoot: String?
    /// GitHub code scanning rejects a run with more results; the most severe are kept.
    public let maxResults: Int

    public init(rules: [RuleDescription] = RuleRegistry.all, repositoryRoot: String? = nil, maxResults: Int = 25_000) {
        self.rules = rules
        self.repositoryRoot = repositoryRoot
        self.maxResults = maxResults
    }

    public func render(_ result: ScanResult) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
        let fingerprints = Self.fingerprints(result.findings)
        let paths = ReportPaths(scanRoot: result.root, repositoryRoot: repositoryRoot)
        let kept = Self.kept(result.findings, limit: maxResults)

        let results: [SARIF.Result] = result.findings.enumerated().filter { kept.contains($0.offset) }.map {
            index, finding in
            SARIF.Result(
                ruleId: finding.ruleId,
                ruleIndex: ruleIndex[finding.ruleId],
                level: Self.level(finding.severity),
                message: .init(text: finding.message),
                locations: [
                    .init(
                        physicalLocation: .init(
                            artifactLocation: .init(uri: Self.uri(paths.relative(finding.file)), uriBaseId: "SRCROOT"),
                            region: .init(
                                startLine: finding.line, startColumn: finding.column,
                                endLine: finding.endLine, endColumn: max(finding.endColumn, finding.column + 1),
                                snippet: .init(text: finding.snippet))))
                ],
                partialFingerprints: ["primaryLocationLineHash": fingerprints[index]],
                suppressions: finding.suppressed
                    ? [.init(kind: "inSource", justification: finding.suppressionReason)] : nil,
                codeFlows: finding.flow.isEmpty ? nil : [Self.codeFlow(finding.flow, paths: paths)],
                properties: .init(
                    confidence: finding.confidence.rawValue, evidence: finding.evidence.rawValue, masvs: finding.masvs,
                    maswe: finding.maswe))
        }
        var notifications = result.diagnostics.map { diagnostic in
            SARIF.Notification(
                level: diagnostic.level == .error ? "error" : "warning",
                message: .init(text: diagnostic.message),
                locations: [
                    .init(
                        physicalLocation: .init(
                            artifactLocation: .init(
                                uri: Self.uri(paths.relative(diagnostic.file)), uriBaseId: "SRCROOT"),
                            region: nil))
                ])
        }
        if kept.count < result.findings.count {
            let message =
                "\(result.findings.count - kept.count) of \(result.findings.count) results left out: GitHub code scanning "
                + "accepts at most \(maxResults) per run; the most severe are kept (the JSON report has all of them)"
            notifications.insert(.init(level: "warning", message: .init(text: message), locations: nil), at: 0)
        }
        let root = URL(fileURLWithPath: paths.sourceRoot, isDirectory: true).standardizedFileURL.absoluteString
        let log = SARIF.Log(runs: [
            SARIF.Run(
                tool: .init(
                    driver: .init(
                        name: "iosec", version: IOSecVersion.current, semanticVersion: IOSecVersion.current,
                        rules: rules.map(Self.descriptor))),
                invocations: [.init(executionSuccessful: true, toolExecutionNotifications: notifications)],
                originalUriBaseIds: ["SRCROOT": .init(uri: root.hasSuffix("/") ? root : root + "/")],
                results: results, properties: result.appSummary.map { .init(appSummary: $0) })
        ])

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(log) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func descriptor(_ rule: RuleDescription) -> SARIF.ReportingDescriptor {
        let markdown = """
            \(rule.rationale)

            **Fix:** \(rule.fix)

            ```swift
            \(rule.fixExample)
            ```

            \(rule.masvs) · \(rule.owasp.label) \(rule.owasp.title) · CWE-\(rule.cwe) · \
            `iosec explain \(rule.id)`
            """
        return SARIF.ReportingDescriptor(
            id: rule.id,
            name: rule.title.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            shortDescription: .init(text: rule.title),
            fullDescription: .init(text: rule.rationale),
            help: .init(text: "\(rule.fix)\n\n\(rule.fixExample)", markdown: markdown),
            defaultConfiguration: .init(level: level(rule.severity)),
            properties: .init(
                tags: ["security", rule.masvs] + [rule.owasp.maswe] + [
                    "external/cwe/cwe-\(rule.cwe)"
                ],
                securitySeverity: securitySeverity(rule.severity),
                precision: precision(rule.confidence), maswe: rule.owasp.maswe, masweBeta: rule.owasp.masweBeta,
                mastg: rule.owasp.mastg))
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .critical, .high: "error"
        case .medium: "warning"
        case .low, .info: "note"
        }
    }

    /// GitHub maps > 9.0 critical, ≥ 7.0 high, ≥ 4.0 medium, else low.
    static func securitySeverity(_ severity: Severity) -> String {
        switch severity {
        case .critical: "9.5"
        case .high: "8.0"
        case .medium: "5.5"
        case .low: "3.0"
        case .info: "1.0"
        }
    }

    static func precision(_ confidence: Confidence) -> String {
        switch confidence {
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        }
    }

    static func uri(_ relativePath: String) -> String {
        relativePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relativePath
    }

    /// Hash of rule, file and the finding line's text (not its number), plus the occurrence index among
    /// identical keys, so moving code up or down keeps a finding's identity.
    static func fingerprints(_ findings: [Finding]) -> [String] { FindingFingerprint.of(findings) }

    /// A finding's flow as one thread of locations, each with its note: GitHub code scanning shows it as "Show paths".
    static func codeFlow(_ steps: [FlowStep], paths: ReportPaths) -> SARIF.CodeFlow {
        SARIF.CodeFlow(threadFlows: [
            .init(
                locations: steps.map { step in
                    .init(
                        location: .init(
                            physicalLocation: .init(
                                artifactLocation: .init(uri: uri(paths.relative(step.file)), uriBaseId: "SRCROOT"),
                                region: .init(startLine: step.line, startColumn: step.column)),
                            message: .init(text: step.note)))
                })
        ])
    }

    /// Indices of the findings that fit in `limit`: unsuppressed before suppressed, then by severity, then in
    /// report order.
    static func kept(_ findings: [Finding], limit: Int) -> Set<Int> {
        guard findings.count > limit else { return Set(findings.indices) }
        let ranked = findings.indices.sorted { a, b in
            let (x, y) = (findings[a], findings[b])
            if x.suppressed != y.suppressed { return !x.suppressed }
            if x.severity != y.severity { return x.severity > y.severity }
            return a < b
        }
        return Set(ranked.prefix(max(0, limit)))
    }
}

/// The subset of the SARIF 2.1.0 object model iosec writes.
enum SARIF {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        let tool: Tool
        let invocations: [Invocation]
        let originalUriBaseIds: [String: ArtifactLocationBase]
        let results: [Result]
        /// For a built app: the app summary (SARIF's property bag).
        var properties: RunProperties? = nil
    }
    struct RunProperties: Encodable { let appSummary: AppSummary }
    struct ArtifactLocationBase: Encodable { let uri: String }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name: String
        let version: String
        let semanticVersion: String
        let rules: [ReportingDescriptor]
    }
    struct Message: Encodable { let text: String }
    struct MultiformatMessage: Encodable {
        let text: String
        var markdown: String? = nil
    }
    struct ReportingDescriptor: Encodable {
        let id: String
        let name: String
        let shortDescription: MultiformatMessage
        let fullDescription: MultiformatMessage
        let help: MultiformatMessage
        let defaultConfiguration: Configuration
        let properties: Properties
    }
    struct Configuration: Encodable { let level: String }
    struct Properties: Encodable {
        let tags: [String]
        let securitySeverity: String
        let precision: String
        let maswe: String?
        let masweBeta: String?
        let mastg: [String]?
        enum CodingKeys: String, CodingKey {
            case tags, securitySeverity = "security-severity", precision, maswe, masweBeta, mastg
        }
    }
    struct Invocation: Encodable {
        let executionSuccessful: Bool
        let toolExecutionNotifications: [Notification]
    }
    struct Notification: Encodable {
        let level: String
        let message: Message
        let locations: [Location]?
    }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int?
        let level: String
        let message: Message
        let locations: [Location]
        let partialFingerprints: [String: String]
        let suppressions: [Suppression]?
        let codeFlows: [CodeFlow]?
        let properties: ResultProperties
    }
    struct ResultProperties: Encodable {
        let confidence: String
        let evidence: String
        let masvs: String
        let maswe: String?
    }
    struct CodeFlow: Encodable { let threadFlows: [ThreadFlow] }
    struct ThreadFlow: Encodable { let locations: [ThreadFlowLocation] }
    struct ThreadFlowLocation: Encodable { let location: StepLocation }
    struct StepLocation: Encodable {
        let physicalLocation: StepPhysicalLocation
        let message: Message
    }
    struct StepPhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: StepRegion
    }
    struct StepRegion: Encodable {
        let startLine: Int
        let startColumn: Int
    }
    struct Suppression: Encodable {
        let kind: String
        let justification: String?
    }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }
    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String
    }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
        let endLine: Int
        let endColumn: Int
        let snippet: Message
    }
}
