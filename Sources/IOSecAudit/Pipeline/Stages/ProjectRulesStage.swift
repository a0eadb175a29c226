import Foundation

/// Runs the project rules over the facts of every file: findings that need more than one file (a key in
/// Info.plist that the code's use of an API requires).
struct ProjectRulesStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        guard !scan.rules.project.isEmpty else { return }
        let byPath = Dictionary(scan.inputs.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        let reread = RereadFiles(inputs: byPath, options: scan.options)
        let context = ProjectContext(
            facts: scan.facts, files: byPath.mapValues(\.kind), options: scan.options,
            snippet: { path, line in reread.lineText(line, of: path) })
        for rule in scan.rules.project { rule.evaluate(context) }
        state.findings += context.findings
    }
}

/// Files re-read for the snippets of project findings, each read (and its line index built) once however many
/// findings point into it: many findings in one large file were quadratic.
private final class RereadFiles: @unchecked Sendable {
    private let inputs: [String: FileInput]
    private let options: ScanOptions
    private let lock = NSLock()
    private var files: [String: ArtifactFile?] = [:]

    init(inputs: [String: FileInput], options: ScanOptions) {
        self.inputs = inputs
        self.options = options
    }

    func lineText(_ line: Int, of path: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        // A binary has no lines to show (its project findings come from its signed entitlements).
        if inputs[path]?.kind == .machO { return "" }
        if files[path] == nil {
            files[path] = inputs[path].flatMap { input in
                (try? input.load()).map { ArtifactFile(path: path, kind: input.kind, bytes: $0, options: options) }
            }
        }
        return files[path].flatMap { $0 }?.lineText(line) ?? ""
    }
}
