import Foundation

/// What to scan and how.
public struct ScanOptions: Sendable {
    /// Globs of relative paths to leave out (`--exclude`).
    public var excludes: [String]
    /// Also scan Pods, Carthage, .build, DerivedData, node_modules and asset catalogs.
    public var includeVendored: Bool
    /// Files larger than this are skipped with a diagnostic (generated code, data dumps).
    public var maxFileSize: Int
    /// Files analysed at once; defaults to the number of cores.
    public var jobs: Int
    /// Apply the production checks (`--production`): release configurations only, no development App IDs.
    public var production: Bool
    /// App IDs (`TEAMID.bundle.id`) that are allowed in production association files (`--release-app-id`).
    public var releaseAppIDs: [String]

    /// The code contexts whose findings are reported (`--include-tests`, `--include-context`). App code always
    /// is; findings in the others are counted in ``ScanResult/hiddenByContext``.
    public var includedContexts: Set<CodeContext>

    public static let defaultMaxFileSize = 8 * 1024 * 1024

    public init(
        excludes: [String] = [], includeVendored: Bool = false,
        maxFileSize: Int = ScanOptions.defaultMaxFileSize,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        production: Bool = false, releaseAppIDs: [String] = [],
        includedContexts: Set<CodeContext> = [.app]
    ) {
        self.includedContexts = includedContexts.union([.app])
        self.production = production
        self.releaseAppIDs = releaseAppIDs
        self.excludes = excludes
        self.includeVendored = includeVendored
        self.maxFileSize = maxFileSize
        self.jobs = max(1, jobs)
    }
}

/// Everything a scan found, ready for a reporter.
public struct ScanResult: Sendable {
    /// The path the user gave.
    public var root: String
    /// Sorted by file, line, column, rule. Includes suppressed findings (marked).
    public var findings: [Finding]
    public var diagnostics: [Diagnostic]
    public var filesScanned: Int
    public var bytesScanned: Int
    public var durationSeconds: Double
    /// Findings left out because of their code context (tests, previews, debug-only code…), per context. They
    /// are not in ``findings``; the summary names the counts so nothing is hidden silently.
    public var hiddenByContext: [CodeContext: Int]

    public init(
        root: String, findings: [Finding], diagnostics: [Diagnostic],
        filesScanned: Int, bytesScanned: Int, durationSeconds: Double,
        hiddenByContext: [CodeContext: Int] = [:]
    ) {
        self.hiddenByContext = hiddenByContext
        self.root = root
        self.findings = findings
        self.diagnostics = diagnostics
        self.filesScanned = filesScanned
        self.bytesScanned = bytesScanned
        self.durationSeconds = durationSeconds
    }

    /// Findings that count: not suppressed.
    public var activeFindings: [Finding] { findings.filter { !$0.suppressed } }

    /// Counts of active findings per severity, every severity present.
    public var countsBySeverity: [Severity: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, 0) })
        for finding in findings where !finding.suppressed { counts[finding.severity, default: 0] += 1 }
        return counts
    }

    /// Whether any active finding is at or above `threshold` (nil: never fails).
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return findings.contains { !$0.suppressed && $0.severity >= threshold }
    }
}
