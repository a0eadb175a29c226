import ArgumentParser
import Foundation
import IOSecAudit

/// `--config`, `--no-config`, `--baseline` and `--write-baseline`: where the scan's settings and accepted findings
/// come from.
struct ScanConfigOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Read settings from this file instead of the nearest .iosec.yml.",
            discussion: """
                Without it, iosec looks for .iosec.yml in PATH's folder and each folder above, up to the repository \
                root (the folder holding .git). Flags win over the file; --exclude and --include-context add to it. \
                `iosec init` writes a starter file.
                """,
            valueName: "file"),
        completion: .file(extensions: ["yml", "yaml"]))
    var file: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .iosec.yml; use flags and defaults only.")
    var ignoreFile = false

    @Option(
        name: .customLong("baseline"),
        help: ArgumentHelp(
            "Report only findings that are not in this baseline file.",
            discussion: """
                A finding matches an entry by rule, file and its line's text (not its number), so moving code keeps it \
                matched; two identical findings need two entries. Files are relative to the repository root, so a \
                scan of a sub-folder can use the same baseline. Baselined findings do not count for --fail-on; the \
                summary counts them and the entries nothing matched any more (fixed). Overrides the configuration's \
                `baseline`.
                """,
            valueName: "file"),
        completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp(
            "Record the current findings (before --baseline filters them) in this file, as sorted JSON.",
            valueName: "file"),
        completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    package func validate() throws {
        if ignoreFile, file != nil { throw ValidationError("--config and --no-config cannot be used together") }
    }

    /// The configuration file that applies to `path`, if any; exit 2 when it cannot be used.
    func load(for path: String) throws -> ConfigFile? {
        guard !ignoreFile else { return nil }
        guard let location = file ?? ConfigFile.locate(from: path) else { return nil }
        do {
            return try ConfigFile.load(location)
        } catch {
            throw FatalError(error.description)
        }
    }

    /// The baseline file in force (`--baseline`, or the configuration's), for the scan's last stage.
    func baselineInForce(_ settings: ScanSettings) throws -> Baseline.InForce? {
        guard let path = settings.baseline else { return nil }
        do {
            return Baseline.InForce(try Baseline.read(from: path), pathPrefix: settings.baselinePrefix)
        } catch {
            throw FatalError(error.description)
        }
    }

    /// Writes the baseline when asked: every finding the scan made, those the baselines in force held included.
    func writeBaselineIfAsked(from result: ScanResult, settings: ScanSettings) throws {
        if let writeBaseline {
            let baseline = Baseline(findings: result.findings + result.baselined, pathPrefix: settings.baselinePrefix)
            do {
                try baseline.write(to: writeBaseline)
            } catch {
                throw FatalError(error.description)
            }
            let count = baseline.entries.count
            FileHandle.standardError.write(
                Data("baseline written to \(writeBaseline): \(count) finding\(count == 1 ? "" : "s")\n".utf8))
        }
    }
}

extension ScanCommand {
    /// What the flags said, nil where a flag was not given so the configuration file can say it.
    func flags() throws -> ScanFlags {
        var flags = ScanFlags()
        flags.excludes = excludes
        flags.includeVendored = includeVendored
        flags.includeTests = includeTests
        flags.includeContexts = try contexts()
        flags.maxFileSize = maxFileSizeMB.map { Int($0 * 1_048_576) }
        flags.jobs = jobs
        flags.fileTimeLimit = fileTimeLimit
        flags.production = production
        flags.releaseAppIDs = releaseAppIDs
        flags.failOn = failOn.map { $0.severity.map(FailThreshold.atOrAbove) ?? .never }
        flags.minConfidence = minConfidence
        flags.baseline = configuration.baseline
        return flags
    }

    /// Flags, then `.iosec.yml`, then defaults.
    func settings(for path: String) throws -> ScanSettings {
        var settings = ScanSettings(flags: try flags(), config: try configuration.load(for: path), scanPath: path)
        settings.options.includeGenerated = includeGenerated
        if let cachePath, !noCache {
            settings.options.cacheFolder = cachePath == "default" ? ScanCaches.defaultFolder : cachePath
        }
        if !releaseAppIDs.isEmpty, !settings.options.production {
            throw ValidationError("--release-app-id goes with --production (or `production: true` in .iosec.yml)")
        }
        return settings
    }
}
