import Foundation
import IOSecCore

/// Runs a scan: discover, analyse each file once in parallel, combine, filter.
///
/// ```swift
/// let result = try Scanner(options: ScanOptions(excludes: ["Generated/**"])).scan("MyApp")
/// print(result.activeFindings.count)
/// ```
public struct Scanner: Sendable {
    public let options: ScanOptions
    public let rules: RuleSet

    public init(options: ScanOptions = ScanOptions(), rules: RuleSet = .all) {
        self.options = options
        self.rules = rules
    }

    /// Scans a folder or one file. Throws `ScanError` only when `path` itself is unusable; problems with
    /// single files become diagnostics.
    ///
    /// With `selection` (paths of files or folders relative to `path`, a folder): only the selected Swift and
    /// Objective-C files are analysed, every configuration file of the project is read too (so project rules see the
    /// app's Info.plist, entitlements and manifests), and only findings in selected files are reported. For changed
    /// files, pre-commit hooks and Xcode's script inputs.
    public func scan(
        _ path: String, selection: [String]? = nil,
        progress: ScanProgress? = nil
    ) throws -> ScanResult {
        if selection == nil, let app = BuiltAppInput.detect(path) {
            return try BuiltAppScanner(options: options, rules: rules).scan(app, progress: progress)
        }
        let started = Date()
        let discovery = FileDiscovery(
            excludes: options.excludes.map(Glob.init), includeVendored: options.includeVendored,
            configPaths: options.configPaths, thirdPartyFolders: options.thirdPartyFolders)
        var found = try discovery.discover(path)
        let selected = selection.map(FileSelection.init)
        if let selected {
            found.files.removeAll { !selected.contains($0.relativePath) && ($0.kind == .swift || $0.kind == .objc) }
        }
        var analysed = options
        analysed.seesWholeProject = selected == nil
        let output = ProjectAnalysis.run(
            found.files.map(FileInput.init), rules: rules, options: analysed, root: path, selection: selected,
            progress: progress)
        var result = ScanResult(
            root: path, findings: output.findings, diagnostics: found.diagnostics + output.diagnostics,
            filesScanned: output.filesScanned, bytesScanned: output.bytes,
            durationSeconds: Date().timeIntervalSince(started), hiddenByContext: output.hiddenByContext)
        result.inventory = output.inventory
        result.hiddenByConfidence = output.hiddenByConfidence
        result.generatedSkipped = output.generatedSkipped
        result.cachedFiles = output.cachedFiles
        result.notSelected = output.notSelected
        result.baseline = output.baseline
        result.baselined = output.baselined
        return result
    }
}

/// Where a scan is, for a progress line: the phase, and files done of the phase's total.
public typealias ScanProgress = @Sendable (_ phase: ScanPhase, _ done: Int, _ total: Int) -> Void

public enum ScanPhase: String, Sendable {
    /// The lexical pre-pass that indexes the project's constants.
    case indexing
    /// Each file read, parsed and checked.
    case analysing
}

/// Maps work over items on a fixed number of threads with large stacks (deeply nested source recurses
/// deeply in the parser and visitor), keeping the input order.
public enum ParallelMap {
    static let stackSize = 64 << 20

    public static func run<In: Sendable, Out: Sendable>(
        _ items: [In], workers: Int, progress: (@Sendable (Int, Int) -> Void)? = nil,
        _ work: @escaping @Sendable (In) -> Out
    ) -> [Out] {
        let state = State<Out>(count: items.count)
        let group = DispatchGroup()
        // Task-locals do not cross into new threads: the scan's sensitivity vocabulary is handed on by hand.
        let vocabulary = SensitiveVocabulary.current
        let workerCount = min(max(1, workers), max(1, items.count))
        for _ in 0..<workerCount {
            group.enter()
            let thread = Thread {
                SensitiveVocabulary.$current.withValue(vocabulary) {
                    while let index = state.next() {
                        let result = work(items[index])
                        let done = state.store(result, at: index)
                        progress?(done, items.count)
                    }
                }
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
        return state.results()
    }

    private final class State<Out>: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private var completed = 0
        private var slots: [Out?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard nextIndex < slots.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }

        func store(_ value: Out, at index: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = value
            completed += 1
            return completed
        }

        func results() -> [Out] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}
