import Foundation

/// What the command line said, each value nil (or empty) when its flag was not given, so the configuration file
/// can fill it in.
public struct ScanFlags: Sendable {
    public var excludes: [String] = []
    public var includeVendored: Bool?
    public var includeTests: Bool?
    public var includeContexts: Set<CodeContext> = []
    public var maxFileSize: Int?
    public var jobs: Int?
    /// Seconds per file (`--file-time-limit`); 0 turns the limit off.
    public var fileTimeLimit: Double?
    public var production: Bool?
    public var releaseAppIDs: [String] = []
    public var failOn: FailThreshold?
    public var minConfidence: Confidence?
    public var baseline: String?

    public init() {}
}

/// The scan a user asked for: flags first, then the configuration file, then iosec's defaults.
///
/// ```swift
/// var flags = ScanFlags()
/// flags.failOn = .never                       // --fail-on none
/// let config = try ConfigFile.load(".iosec.yml")  // fail_on: low, exclude: [Generated]
/// let settings = ScanSettings(flags: flags, config: config, scanPath: ".")
/// settings.failOn                              // .never: the flag wins
/// settings.options.configPaths.exclude         // [Glob("Generated")]: the file still applies
/// ```
///
/// Scalars (`fail_on`, `production`, `include_tests`, `include_vendored`, `max_file_size`, `baseline`) come from the
/// flag when it is given. Lists add up: `--exclude` and `--include-context` widen what the file says.
/// `--release-app-id` replaces the file's `release_app_ids`.
public struct ScanSettings: Sendable {
    public var options: ScanOptions
    public var failOn: FailThreshold
    /// The baseline to compare with, absolute or as given on the command line.
    public var baseline: String?
    /// The configuration file that applied, if any.
    public var configPath: String?
    /// The scanned folder relative to the repository root (the folder holding `.git`): baselines name files from
    /// there, so one baseline serves scans of the whole repository and of its sub-folders. "" outside a repository.
    public var baselinePrefix: String

    public static let defaultFailOn = FailThreshold.atOrAbove(.high)
    /// What a scan shows unless told otherwise: findings a team can act on. Low confidence is a name that has proven
    /// wrong more often than right (the name of a value in a log line); `--min-confidence low` shows them too.
    public static let defaultMinimumConfidence = Confidence.medium

    public init(flags: ScanFlags, config: ConfigFile?, scanPath: String) {
        let config = config ?? ConfigFile(path: "", folder: "")
        var contexts: Set<CodeContext> = [.app]
        contexts.formUnion(config.includeContexts)
        contexts.formUnion(flags.includeContexts)
        switch flags.includeTests ?? config.includeTests {
        case true?: contexts.insert(.test)
        case false? where flags.includeTests == false: contexts.remove(.test)
        default: break
        }
        var options = ScanOptions(
            excludes: flags.excludes, includeVendored: flags.includeVendored ?? config.includeVendored ?? false,
            maxFileSize: flags.maxFileSize ?? config.maxFileSizeMB.map { Int($0 * 1_048_576) },
            production: flags.production ?? config.production ?? false,
            releaseAppIDs: flags.releaseAppIDs.isEmpty ? config.releaseAppIDs ?? [] : flags.releaseAppIDs,
            includedContexts: contexts,
            thirdPartyFolders: Set(config.thirdPartyFolders),
            disabledRules: Set(config.disabledRules), onlyRules: config.onlyRules.map(Set.init),
            severityOverrides: config.severity, vocabulary: config.vocabulary)
        options.minimumConfidence = flags.minConfidence ?? config.minConfidence ?? Self.defaultMinimumConfidence
        if let jobs = flags.jobs { options.jobs = max(1, jobs) }
        if let limit = flags.fileTimeLimit { options.fileTimeLimit = limit > 0 ? limit : nil }
        if !config.include.isEmpty || !config.exclude.isEmpty {
            options.configPaths = ConfigPathFilter(
                include: config.include.map(Glob.init), exclude: config.exclude.map(Glob.init),
                base: ConfigPathFilter.relativePath(of: Self.scannedFolder(scanPath), from: config.folder))
        }
        self.options = options
        failOn = flags.failOn ?? config.failOn ?? Self.defaultFailOn
        baseline = flags.baseline ?? config.baseline
        configPath = config.path.isEmpty ? nil : config.path
        let folder = Self.scannedFolder(scanPath)
        baselinePrefix =
            Self.repositoryRoot(containing: folder).map {
                ConfigPathFilter.relativePath(of: folder, from: $0)
            } ?? ""
    }

    /// The nearest folder at or above `folder` that holds `.git`.
    static func repositoryRoot(containing folder: String) -> String? {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: (current as NSString).appendingPathComponent(".git")) {
                return current
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    /// The folder a scan's relative paths start from (a file's own folder), absolute and without links.
    static func scannedFolder(_ scanPath: String) -> String {
        let absolute = URL(fileURLWithPath: scanPath).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory)
        let folder = !exists || isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent
        return FileDiscovery.realPath(folder) ?? folder
    }
}
