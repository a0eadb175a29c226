import ArgumentParser
import Foundation
import IOSecAudit

/// Scans that fit a pull request or a commit: several paths, a list of files (`--files-from`), Xcode's script
/// inputs, or the files changed since a commit (`--baseline-commit`).
struct ScanSelectionOptions: ParsableArguments {
    @Option(
        name: .customLong("files-from"),
        help: ArgumentHelp(
            "Scan the files listed in FILE, one path per line (`-`: standard input), as part of their project.",
            discussion: """
                The listed Swift and Objective-C files are analysed, and every configuration file of the project \
                (Info.plist, entitlements, privacy manifests, project files) is read so project rules see the app; \
                only findings in listed files are reported. Paths are relative to the current folder; missing files \
                are skipped (a deleted file in a diff).
                """,
            valueName: "file"),
        completion: .file())
    var filesFrom: String?

    @Flag(
        name: .customLong("use-script-input-files"),
        help:
            "Scan the files of an Xcode run-script phase's Input Files (SCRIPT_INPUT_FILE_COUNT, SCRIPT_INPUT_FILE_n).")
    var scriptInputFiles = false

    @Flag(
        name: .customLong("use-script-input-file-lists"),
        help:
            "Scan the files named in an Xcode run-script phase's Input File Lists (SCRIPT_INPUT_FILE_LIST_COUNT, SCRIPT_INPUT_FILE_LIST_n)."
    )
    var scriptInputFileLists = false

    @Option(
        name: .customLong("baseline-commit"),
        help: ArgumentHelp(
            "Report only new findings in files changed since this git commit.",
            discussion: """
                Files changed between REF and the working tree (untracked ones included) are analysed, with every \
                configuration file for context; the same files are then scanned as they were at REF, and only \
                findings that were not there already are reported. PATH must be in a git repository.
                """,
            valueName: "ref"))
    var baselineCommit: String?

    @Flag(
        name: .customLong("with-project"),
        help:
            "Scan the given files as part of their project even when there is only one (as several paths are): for hooks that pass changed files."
    )
    var withProject = false

    var isSelection: Bool {
        filesFrom != nil || scriptInputFiles || scriptInputFileLists || baselineCommit != nil || withProject
    }

    func validate(paths: [String]) throws {
        let sources = [filesFrom != nil, scriptInputFiles || scriptInputFileLists, baselineCommit != nil]
        if sources.filter({ $0 }).count > 1 {
            throw ValidationError(
                "choose one of --files-from, --use-script-input-files/--use-script-input-file-lists, --baseline-commit")
        }
        if baselineCommit != nil, paths.count > 1 {
            throw ValidationError("--baseline-commit scans one folder")
        }
    }

    /// The listed paths, as given (relative to the current folder or absolute).
    func listedPaths(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        var paths: [String] = []
        if let filesFrom {
            let text: String
            if filesFrom == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                guard let data = FileManager.default.contents(atPath: filesFrom) else {
                    throw FatalError("--files-from: \(filesFrom) could not be read")
                }
                text = String(decoding: data, as: UTF8.self)
            }
            paths += Self.lines(text)
        }
        if scriptInputFiles {
            paths += try Self.numbered("SCRIPT_INPUT_FILE", environment: environment)
        }
        if scriptInputFileLists {
            for list in try Self.numbered("SCRIPT_INPUT_FILE_LIST", environment: environment) {
                guard let data = FileManager.default.contents(atPath: list) else {
                    throw FatalError("input file list \(list) could not be read")
                }
                paths += Self.lines(String(decoding: data, as: UTF8.self))
            }
        }
        return paths
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("#")
        }
    }

    /// `NAME_COUNT` values `NAME_0` … `NAME_{n-1}`, as Xcode sets them for run-script phases.
    static func numbered(_ name: String, environment: [String: String]) throws -> [String] {
        guard let count = environment["\(name)_COUNT"].flatMap(Int.init) else {
            throw FatalError("\(name)_COUNT is not set: run this from an Xcode run-script phase with input files")
        }
        return (0..<max(0, count)).compactMap { environment["\(name)_\($0)"] }
    }
}

/// Where a scan of selected paths is rooted, and the selected paths relative to that root.
struct ScanRoot {
    let root: String
    let selection: [String]
    /// Paths that are not there (deleted in a diff) or outside the root.
    let skipped: [String]

    /// The repository holding the current folder (or the current folder), with `paths` made relative to it.
    static func forPaths(_ paths: [String]) -> ScanRoot {
        let cwd = FileManager.default.currentDirectoryPath
        let root = ReportPaths.repositoryRoot(containing: cwd) ?? cwd
        let realRoot = realPath(root) ?? root
        var selection: [String] = []
        var skipped: [String] = []
        for path in paths {
            let absolute = path.hasPrefix("/") ? path : cwd + "/" + path
            guard let real = realPath(absolute) else {
                skipped.append(path)
                continue
            }
            if real == realRoot {
                selection.append(".")
            } else if real.hasPrefix(realRoot + "/") {
                selection.append(String(real.dropFirst(realRoot.count + 1)))
            } else {
                skipped.append(path)
            }
        }
        return ScanRoot(
            root: relativeToCurrent(realRoot, cwd: realPath(cwd) ?? cwd), selection: selection, skipped: skipped)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `.` or `App` when under the current folder: reports then name files as the user sees them.
    private static func relativeToCurrent(_ path: String, cwd: String) -> String {
        if path == cwd { return "." }
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}

/// `--baseline-commit`: the files changed since a commit, and the findings they had then.
enum GitBaseline {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs git in `folder`; its standard output, or a failure with what git said.
    static func git(_ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw Failure(description: "--baseline-commit needs git: \(error.localizedDescription)")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "git \(arguments.first ?? ""): \(said)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The repository's top folder, and `folder`'s path inside it ("" at the top).
    static func repository(of folder: String) throws -> (top: String, prefix: String) {
        let top = try git(["rev-parse", "--show-toplevel"], in: folder).trimmingCharacters(in: .newlines)
        let prefix = try git(["rev-parse", "--show-prefix"], in: folder).trimmingCharacters(in: .newlines)
        return (top, prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix)
    }

    /// Files changed between `ref` and the working tree, untracked ones included, relative to `folder`.
    static func changedFiles(since ref: String, in folder: String) throws -> [String] {
        _ = try git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: folder)
        let changed = try git(["diff", "--name-only", "--no-renames", "--relative", ref, "--"], in: folder)
        let untracked = try git(["ls-files", "--others", "--exclude-standard"], in: folder)
        return Array(Set(ScanSelectionOptions.lines(changed + "\n" + untracked))).sorted()
    }

    /// `folder` as it was at `ref`, written into a new temporary folder (removed by the caller).
    static func checkout(_ ref: String, of folder: String) throws -> (temporary: String, folder: String) {
        let (top, prefix) = try repository(of: folder)
        let temporary = FileManager.default.temporaryDirectory.path + "/iosec-baseline-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The archive of the sub-folder only; `--` keeps a path from being read as an option.
        process.arguments = [
            "-c", "git -C \"$1\" archive --format=tar \"$2\" -- \"$3\" | tar -x -C \"$4\"", "sh", top, ref,
            prefix.isEmpty ? "." : prefix, temporary
        ]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "git archive \(ref): \(String(decoding: errors, as: UTF8.self))")
        }
        return (temporary, prefix.isEmpty ? temporary : temporary + "/" + prefix)
    }
}
