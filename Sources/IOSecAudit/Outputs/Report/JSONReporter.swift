import Foundation
import IOSecCore

/// The documented, stable JSON format (schema version 1). See README "JSON output".
public struct JSONReporter: Reporter {
    public init() {}

    struct Document: Encodable {
        struct Tool: Encodable {
            let name: String
            let version: String
        }
        struct Summary: Encodable {
            let filesScanned: Int
            let bySeverity: [String: Int]
            let suppressed: Int
            let durationSeconds: Double
            /// Findings left out by code context (test, preview, debug, tooling, sample, unreferenced): counts only.
            let notShownByContext: [String: Int]
            let notShownBelowConfidence: Int
            /// With `--baseline`: findings the baseline held (left out), and its entries nothing matched (fixed).
            let baselined: Int?
            let baselineFixed: Int?
            /// Generated Swift files left out (`--include-generated` scans them).
            let generatedSkipped: Int
            /// In a scan of selected files: findings in other files, left out.
            let notSelected: Int?
            /// With a result cache: files whose results came from it.
            let cachedFiles: Int?
        }
        let version: Int
        let tool: Tool
        let findings: [Finding]
        let diagnostics: [Diagnostic]
        let summary: Summary
        /// For a built app (.ipa, .app, .xcarchive, Mach-O): what it is and how it is signed.
        let app: AppSummary?
        /// Where the software bill of materials of the same input comes from.
        let sbom: SBOMLink
    }

    /// The SBOM is its own document (`iosec sbom`); the report says how to get it and, for a built app, how many
    /// components it lists.
    struct SBOMLink: Encodable {
        let format = "CycloneDX 1.6"
        let command: String
        let components: Int?
    }

    public func render(_ result: ScanResult) -> String {
        let counts = result.countsBySeverity
        let document = Document(
            version: 1,
            tool: .init(name: "iosec", version: IOSecVersion.current),
            findings: result.findings,
            diagnostics: result.diagnostics,
            summary: .init(
                filesScanned: result.filesScanned,
                bySeverity: Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, counts[$0] ?? 0) }),
                suppressed: result.findings.count - result.activeFindings.count,
                durationSeconds: (result.durationSeconds * 1000).rounded() / 1000,
                notShownByContext: Dictionary(
                    uniqueKeysWithValues: result.hiddenByContext.map { ($0.key.rawValue, $0.value) }),
                notShownBelowConfidence: result.hiddenByConfidence,
                baselined: result.baseline?.baselined, baselineFixed: result.baseline?.fixed,
                generatedSkipped: result.generatedSkipped, notSelected: result.notSelected,
                cachedFiles: result.cachedFiles),
            app: result.appSummary,
            sbom: SBOMLink(
                command: "iosec sbom \(result.root)",
                components: result.appSummary.map { SBOM.components(of: $0).count }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail; keep a readable fallback rather than crash.
        guard let data = try? encoder.encode(document) else { return "{\"version\":1,\"error\":\"encoding failed\"}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
