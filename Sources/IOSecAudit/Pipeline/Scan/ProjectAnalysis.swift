import Foundation
import IOSecCore

/// The pipeline after discovery, shared by disk scans, built apps and in-memory analysis: the pre-pass, then each
/// file analysed once in parallel, then the stages of `FindingPipeline` in their order (project rules,
/// suppressions, overrides, what the project says, context and confidence, file selection, baselines).
enum ProjectAnalysis {
    struct Output {
        var findings: [Finding]
        var diagnostics: [Diagnostic]
        var filesScanned: Int
        var bytes: Int
        var hiddenByContext: [CodeContext: Int] = [:]
        var hiddenByConfidence = 0
        var inventory = ScanInventory()
        var generatedSkipped = 0
        var cachedFiles: Int?
        /// Mach-O files of a built app, in input order.
        var binaries: [BinarySummary] = []
        var notSelected: Int?
        var baseline: BaselineComparison?
        var baselined: [Finding] = []
    }

    /// `selection`: in a scan of some files only, the files selected (`FileSelectionStage`).
    static func run(
        _ inputs: [FileInput], rules: RuleSet, options: ScanOptions, root: String = ".",
        selection: FileSelection? = nil, progress: ScanProgress? = nil
    ) -> Output {
        // Every rule, in every file and in project rules, classifies names with the project's vocabulary.
        SensitiveVocabulary.$current.withValue(options.vocabulary) {
            analyse(
                inputs, rules: rules.selected(by: options), options: options, root: root, selection: selection,
                progress: progress)
        }
    }

    private static func analyse(
        _ inputs: [FileInput], rules: RuleSet, options: ScanOptions, root: String, selection: FileSelection?,
        progress: ScanProgress?
    ) -> Output {
        var indexing: (@Sendable (Int, Int) -> Void)?
        if let progress { indexing = { done, total in progress(.indexing, done, total) } }
        var preparing = FileAnalyzer(rules: rules, options: options)
        // The pre-pass also marks what the walk must not skip, with the analyser's own filter.
        let readAhead = ReadAhead()
        (preparing.constants, preparing.lexed) = SwiftPrePass.run(
            inputs, options: options, plan: preparing.dispatchPlan, readAhead: readAhead, progress: indexing)
        let analyzer = preparing
        var analysing: (@Sendable (Int, Int) -> Void)?
        if let progress { analysing = { done, total in progress(.analysing, done, total) } }
        let cache = options.cacheFolder.map {
            ResultCache(folder: $0, root: root, options: options, rules: rules, constants: analyzer.constants)
        }
        let outcomes = ParallelMap.run(inputs, workers: options.jobs, progress: analysing) { given -> FileOutcome in
            let input = readAhead.take(given.relativePath).map(given.reading) ?? given
            guard let cache, input.size <= options.maxSize(of: input.kind), let bytes = try? input.load() else {
                return analyzer.analyze(input)
            }
            let key = cache.key(path: input.relativePath, bytes: bytes)
            if let known = cache.lookup(key) { return known }
            let outcome = analyzer.analyze(FileInput(path: input.relativePath, kind: input.kind, bytes: bytes))
            cache.store(outcome, for: key)
            return outcome
        }
        cache?.save()

        var findings: [Finding] = []
        var facts: [Fact] = []
        var diagnostics: [Diagnostic] = []
        var suppressions: [String: Suppressions] = [:]
        var filesScanned = 0
        var bytes = 0
        var generated = 0
        var binaries: [BinarySummary] = []
        for (input, outcome) in zip(inputs, outcomes) {
            if let summary = outcome.binarySummary { binaries.append(summary) }
            if outcome.generated { generated += 1 }
            findings += outcome.findings
            facts += outcome.facts
            diagnostics += outcome.diagnostics
            if outcome.analyzed { filesScanned += 1 }
            bytes += outcome.bytes
            if !outcome.suppressions.entries.isEmpty { suppressions[input.relativePath] = outcome.suppressions }
        }

        var state = StageState(findings: findings, diagnostics: diagnostics)
        FindingPipeline.run(
            &state,
            StageInput(
                inputs: inputs, facts: facts, suppressions: suppressions, options: options, rules: rules,
                selection: selection, constants: analyzer.constants))
        var output = Output(
            findings: state.findings, diagnostics: state.diagnostics, filesScanned: filesScanned, bytes: bytes,
            hiddenByContext: state.hiddenByContext,
            inventory: ScanInventory(facts: facts, inputs: inputs, rules: rules, options: options))
        output.generatedSkipped = generated
        output.hiddenByConfidence = state.hiddenByConfidence
        output.notSelected = state.notSelected
        output.baseline = state.baseline
        output.baselined = state.baselined
        output.cachedFiles = cache?.hits
        output.binaries = binaries
        return output
    }
}
