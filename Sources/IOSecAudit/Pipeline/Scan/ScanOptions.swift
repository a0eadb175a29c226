import Foundation
import IOSecCore

/// What to scan and how.
public struct ScanOptions: Sendable {
    /// Globs of relative paths to leave out (`--exclude`).
    public var excludes: [String]
    /// Also scan Pods, Carthage, .build, DerivedData, node_modules and asset catalogs.
    public var includeVendored: Bool
    /// Files larger than this are skipped with a diagnostic (generated code, data dumps).
    public var maxFileSize: Int
    /// The same for Swift files, lower by default: SwiftParser's tree takes about 90 MB of memory per MB of source,
    /// and the largest hand-written files in real apps are about 1 MB. A size given (`--max-file-size`) sets both.
    public var maxSwiftFileSize: Int
    /// Files analysed at once; defaults to the number of cores.
    public var jobs: Int
    /// Seconds the rules may spend on one Swift file before the rest of it is left out with a diagnostic
    /// (`--file-time-limit`); nil: no limit. Parsing is linear and not interrupted; the rules' walk is.
    public var fileTimeLimit: Double?
    /// Apply the production checks (`--production`): release configurations only, no development App IDs.
    public var production: Bool
    /// App IDs (`TEAMID.bundle.id`) that are allowed in production association files (`--release-app-id`).
    public var releaseAppIDs: [String]

    /// The code contexts whose findings are reported (`--include-tests`, `--include-context`). App code always
    /// is; findings in the others are counted in ``ScanResult/hiddenByContext``.
    public var includedContexts: Set<CodeContext>
    /// Findings of lower confidence than this are counted in ``ScanResult/hiddenByConfidence``, not reported
    /// (`--min-confidence`, `min_confidence`). `low`, the default, reports everything.
    public var minimumConfidence: Confidence = .low
    /// Every Swift and Objective-C file of the project is analysed (no `selection`): a name none of them mentions is
    /// mentioned nowhere.
    public var seesWholeProject = true

    /// `include` / `exclude` globs of a configuration file, written relative to its folder.
    public var configPaths: ConfigPathFilter
    /// Folder names skipped like Pods and Carthage unless `includeVendored` (`third_party_folders`).
    public var thirdPartyFolders: Set<String>
    /// Rules left out (`disabled_rules`).
    public var disabledRules: Set<String>
    /// When set, only these rules run (`only_rules`).
    public var onlyRules: Set<String>?
    /// Severity per rule id, replacing the rule's own (`severity`).
    public var severityOverrides: [String: Severity]
    /// The project's extra sensitive names and look-alikes (`sensitive_names`, `not_sensitive_names`).
    public var vocabulary: SensitiveVocabulary
    /// Also analyse generated Swift (`--include-generated`); by default it is skipped and counted.
    public var includeGenerated = false
    /// Baselines whose findings the scan leaves out, last of its stages (`--baseline`, `--baseline-commit`).
    public var baselines: [Baseline.InForce] = []
    /// Where per-file results are kept between scans (`--cache-path`); nil: no cache (the library's default).
    public var cacheFolder: String? = nil
    /// Caps on what is read from a built app (.ipa, .app, .xcarchive).
    public var bundleLimits: BundleLimits = .default
    /// The date expiry checks compare with; nil is the clock (tests fix it).
    public var now: Date? = nil

    public static let defaultMaxFileSize = 8 * 1024 * 1024
    public static let defaultMaxSwiftFileSize = 2 * 1024 * 1024
    public static let defaultFileTimeLimit = 10.0

    /// The size over which a file of this kind is skipped.
    public func maxSize(of kind: FileKind) -> Int { kind == .swift ? maxSwiftFileSize : maxFileSize }

    /// Whether a scan with these options parses this Swift file, rather than skipping it as generated, too large,
    /// binary or hostile: benchmarks compare the scan with parsing exactly these files.
    public func parsesSwiftFile(_ bytes: [UInt8], path: String) -> Bool {
        bytes.count <= maxSwiftFileSize && (includeGenerated || !TextChecks.isGenerated(bytes, path: path))
            && !TextChecks.looksBinary(bytes) && TextChecks.squareBracketRun(bytes) == nil
    }

    public init(
        excludes: [String] = [], includeVendored: Bool = false,
        maxFileSize: Int? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        fileTimeLimit: Double? = ScanOptions.defaultFileTimeLimit,
        production: Bool = false, releaseAppIDs: [String] = [],
        includedContexts: Set<CodeContext> = [.app],
        configPaths: ConfigPathFilter = ConfigPathFilter(), thirdPartyFolders: Set<String> = [],
        disabledRules: Set<String> = [], onlyRules: Set<String>? = nil, severityOverrides: [String: Severity] = [:],
        vocabulary: SensitiveVocabulary = .standard
    ) {
        self.configPaths = configPaths
        self.thirdPartyFolders = thirdPartyFolders
        self.disabledRules = disabledRules
        self.onlyRules = onlyRules
        self.severityOverrides = severityOverrides
        self.vocabulary = vocabulary
        self.includedContexts = includedContexts.union([.app])
        self.production = production
        self.releaseAppIDs = releaseAppIDs
        self.excludes = excludes
        self.includeVendored = includeVendored
        self.maxFileSize = maxFileSize ?? Self.defaultMaxFileSize
        self.maxSwiftFileSize = maxFileSize ?? Self.defaultMaxSwiftFileSize
        self.jobs = max(1, jobs)
        self.fileTimeLimit = fileTimeLimit
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
    /// Active findings left out because their confidence is below ``ScanOptions/minimumConfidence``.
    public var hiddenByConfidence = 0
    /// Set when the findings were compared with a baseline (`--baseline`): the matched ones are no longer in
    /// ``findings``; this counts them and the baseline entries nothing matched (fixed since).
    public var baseline: BaselineComparison? = nil
    /// The findings the baselines held, left out of ``findings`` (what `--write-baseline` records with them).
    public var baselined: [Finding] = []
    /// Facts, file kinds and the rules that ran, for the audit checklist (`iosec checklist`).
    public var inventory = ScanInventory()
    /// Generated Swift files left out (`@generated`, `DO NOT EDIT`, Sourcery, SwiftGen, `*.pb.swift`), counted in
    /// the summary; `--include-generated` scans them.
    public var generatedSkipped = 0
    /// In a scan of selected files: findings in other files (configuration files read for context) left out.
    public var notSelected: Int? = nil
    /// With a result cache: files whose results came from it.
    public var cachedFiles: Int? = nil
    /// For a built app (.ipa, .app, .xcarchive, Mach-O): what it is and how it is signed.
    public var appSummary: AppSummary? = nil

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
