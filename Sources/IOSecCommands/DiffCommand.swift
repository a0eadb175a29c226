import ArgumentParser
import Foundation
import IOSecAudit

package struct DiffCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "What changed in security between two builds (or two source trees) of an app.",
        discussion: """
            Scans OLD and NEW as `iosec scan` does — each an .ipa, .app, .xcarchive or a project folder — and lists \
            what changed: the app's identity and signing (team, profile, expiry), entitlements (added, removed, \
            changed: get-task-allow, associated domains, keychain groups…), what App Transport Security lets out in \
            cleartext, URL schemes, associated domains, privacy-manifest declarations, hardening per Mach-O (PIE, \
            encryption, languages), embedded frameworks with their versions, and findings new in NEW or fixed since \
            OLD. Each change is marked worse, better or review. Two inputs that are different apps are compared all \
            the same, with a note. OLD or NEW may be a git revision (`v1.4`, `HEAD~3`) of the project in \
            --repository (default: the current folder): its files at that revision are scanned.

            Exit status: 0, or 1 with --fail-on-regression when something got worse; 2 usage error or an input that \
            cannot be scanned.

            Examples:
              iosec diff build/1.4/Acme.ipa build/1.5/Acme.ipa
              iosec diff ../acme-v1.4 . --format markdown --output security-diff.md
              iosec diff old.xcarchive new.xcarchive --fail-on-regression
              iosec diff v1.4 . --fail-on-regression
            """
    )

    package init() {}

    @Argument(help: "The build, folder or git revision shipped before.", completion: .file())
    var old: String

    @Argument(help: "The build, folder or git revision about to ship.", completion: .file())
    var new: String

    @Option(help: "The project folder whose git revisions OLD and NEW may name.", completion: .directory)
    var repository: String = "."

    @Option(name: .shortAndLong, help: "Output format: text, markdown or json.")
    var format: DiffFormatArgument = .text

    @Option(name: .shortAndLong, help: "Write the diff to this file instead of standard output.")
    var output: String?

    @Flag(
        help:
            "Exit with status 1 when the new build is weaker anywhere (a new finding, a cleartext exception, a debug entitlement, lost hardening)."
    )
    var failOnRegression = false

    @Option(name: .shortAndLong, help: "Files analysed in parallel (default: number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    package func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    package func run() throws {
        let scanner = Scanner(options: ScanOptions(jobs: jobs))
        var temporaries: [String] = []
        defer { for folder in temporaries { try? FileManager.default.removeItem(atPath: folder) } }
        func posture(_ argument: String) throws -> SecurityPosture {
            let path = try resolve(argument, temporaries: &temporaries)
            do {
                return SecurityPosture(try scanner.scan(path, progress: Progress.forTerminal()))
            } catch let error as ScanError {
                throw FatalError(error.description)
            }
        }
        let before = try posture(old)
        let after = try posture(new)
        Progress.clear()
        let diff = PostureDiff(old: old, new: new, before: before, after: after)
        let text = format.value.render(diff)
        try CommandOutput.write(text, to: output, summary: "diff: \(diff.changes.count) changes")
        if failOnRegression, diff.isRegression { throw ExitCode(1) }
    }
}

extension DiffCommand {
    /// A path as given, or a git revision of `repository` written to a temporary folder (listed for removal).
    func resolve(_ argument: String, temporaries: inout [String]) throws -> String {
        if FileManager.default.fileExists(atPath: argument) { return argument }
        do {
            _ = try GitBaseline.git(["rev-parse", "--verify", "--quiet", argument + "^{commit}"], in: repository)
            let checkout = try GitBaseline.checkout(argument, of: repository)
            temporaries.append(checkout.temporary)
            return checkout.folder
        } catch let failure as GitBaseline.Failure {
            throw FatalError(
                "\(argument): neither a file or folder nor a git revision of \(repository) (\(failure.description))")
        }
    }
}

struct DiffFormatArgument: ExpressibleByArgument {
    let value: PostureDiffFormat
    init?(argument: String) {
        guard let format = PostureDiffFormat(rawValue: argument.lowercased()) else { return nil }
        value = format
    }
    static var allValueStrings: [String] { PostureDiffFormat.allCases.map(\.rawValue) }
    static let text = DiffFormatArgument(argument: "text")!
}
