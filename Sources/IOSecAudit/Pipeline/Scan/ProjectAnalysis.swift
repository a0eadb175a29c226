import Foundation
import IOSecCore

/// The pipeline after discovery, shared by disk scans and in-memory analysis: analyse each file once in
/// parallel, run project rules over the facts, apply each file's suppressions, sort.
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
    }

    static func run(
        _ inputs: [FileInput], rules: RuleSet, options: ScanOptions, root: String = ".",
        progress: ScanProgress? = nil
    ) -> Output {
        // Every rule, in every file and in project rules, classifies names with the project's vocabulary.
        SensitiveVocabulary.$current.withValue(options.vocabulary) {
            analyse(inputs, rules: rules.selected(by: options), options: options, root: root, progress: progress)
        }
    }

    private static func analyse(
        _ inputs: [FileInput], rules: RuleSet, options: ScanOptions, root: String,
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

        if !rules.project.isEmpty {
            let byPath = Dictionary(inputs.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
            let reread = RereadFiles(inputs: byPath, options: options)
            let context = ProjectContext(
                facts: facts, files: byPath.mapValues(\.kind), options: options,
                snippet: { path, line in reread.lineText(line, of: path) })
            for rule in rules.project { rule.evaluate(context) }
            findings += context.findings
        }

        // Suppressions last, so they cover project findings too.
        var grouped = Dictionary(grouping: findings, by: \.file)
        let known = RuleRegistry.allIds
        let ran = options.selectsRules ? Set(rules.descriptions.map(\.id)) : nil
        for (path, entries) in suppressions.sorted(by: { $0.key < $1.key }) {
            var fileFindings = grouped[path] ?? []
            diagnostics += entries.apply(to: &fileFindings, file: path, knownRuleIds: known, ranRuleIds: ran)
            grouped[path] = fileFindings
        }
        findings = grouped.values.flatMap { $0 }.sorted(by: Finding.reportOrder)
        if !options.severityOverrides.isEmpty {
            for index in findings.indices {
                if let severity = options.severityOverrides[findings[index].ruleId] {
                    findings[index].severity = severity
                }
            }
        }

        // An Info.plist no target builds with ships in nothing: what is found in it (or anchored to it) is unreferenced.
        let orphans = OrphanedInfoPlists(facts: facts, files: inputs.map { ($0.relativePath, $0.kind) })
        for index in findings.indices where findings[index].context == .app && orphans.contains(findings[index].file) {
            findings[index].context = .unreferenced
        }

        // An `http://` request to a host no app or extension of the scan lets cleartext go to is blocked by ATS: it
        // fails rather than going out readable, which is worth knowing, not acting on.
        let ats = ATSCleartextPolicy(facts: facts)
        for index in findings.indices
        where findings[index].ruleId == CleartextURLRule.description.id && findings[index].confidence > .low {
            guard let host = CleartextURLRule.requestedHost(inMessage: findings[index].message),
                ats.allowsCleartext(to: host) == false
            else { continue }
            findings[index].confidence = .low
            findings[index].message += "; ATS blocks it, since no Info.plist of the scan allows cleartext to '\(host)'"
        }

        // An ATS exception for a domain the app's code never names serves a library outside the scan or an address
        // learned at run time; whether plain HTTP ever goes there cannot be told from the code.
        if options.seesWholeProject, inputs.contains(where: { $0.kind == .swift || $0.kind == .objc }),
            findings.contains(where: { $0.ruleId == ATSExceptionInsecureRule.description.id && $0.confidence > .low })
        {
            let domains = UnnamedATSDomains(facts: facts, inputs: inputs)
            for index in findings.indices
            where findings[index].ruleId == ATSExceptionInsecureRule.description.id && findings[index].confidence > .low
            {
                guard let domain = domains.unnamedDomain(file: findings[index].file, line: findings[index].line)
                else { continue }
                findings[index].confidence = .low
                findings[index].message +=
                    "; nothing in the scanned code or configuration names '\(domain)': the exception serves a library or an address learned at run time"
            }
        }

        // A Core Data model nothing names is never loaded: its secret-named attributes reach no store.
        if options.seesWholeProject, inputs.contains(where: { $0.kind == .swift || $0.kind == .objc }),
            facts.contains(where: { $0.kind == FactKind.coreDataSensitiveAttribute })
        {
            let models = UnusedCoreDataModels(facts: facts, inputs: inputs)
            for index in findings.indices
            where findings[index].ruleId == DatabaseUnencryptedRule.description.id && findings[index].confidence > .low
            {
                guard let model = models.unusedModel(file: findings[index].file) else { continue }
                findings[index].confidence = .low
                findings[index].message +=
                    "; nothing in the scanned code names the model '\(model)' or these entities, so no store is made from it"
            }
        }

        // A finding inside a function or property nothing else in the scan names runs only if something outside
        // the code calls it: worth knowing, not acting on first.
        // Only a whole app's code says what nothing calls: a selection, a folder of sources or a library's clients
        // may call what the scan does not.
        if options.seesWholeProject, facts.contains(where: { $0.kind == FactKind.appInfoPlist }),
            findings.contains(where: { $0.confidence > .low })
        {
            let unreferenced = UnreferencedDeclarations(facts: facts, inputs: inputs)
            for index in findings.indices
            where findings[index].confidence > .low
                && UnreferencedDeclarations.appliesTo(ruleId: findings[index].ruleId)
            {
                let finding = findings[index]
                guard
                    let name = unreferenced.unreferencedOwner(
                        file: finding.file, line: finding.line, column: finding.column)
                else { continue }
                findings[index].confidence = .low
                findings[index].message += "; nothing else in the scanned code names '\(name)', the code it sits in"
            }
        }

        // A shared Documents folder is a leak only if the app keeps something there: say what, or that the code
        // shows nothing of the kind.
        if let sharing = findings.indices.first(where: { findings[$0].ruleId == FileSharingRule.description.id }) {
            let data = facts.first { $0.kind == FactKind.documentsData }
            let hasSource = inputs.contains { $0.kind == .swift || $0.kind == .objc }
            for index in findings.indices[sharing...] where findings[index].ruleId == FileSharingRule.description.id {
                if let data {
                    findings[index].message +=
                        "; the code keeps \(DocumentsData.noun(data.value)) there (\(data.file):\(data.line))"
                } else if hasSource, options.seesWholeProject, findings[index].confidence > .low {
                    findings[index].confidence = .low
                    findings[index].message +=
                        "; nothing in the scanned code keeps a database, a log or a credential in Documents"
                }
            }
        }

        // A storyboard field of a class that turns secure entry on in its own code is secure after all.
        let secureClasses = SecureEntryClasses(facts: facts)
        for index in findings.indices
        where findings[index].ruleId == KeyboardCacheRule.description.id && findings[index].confidence > .low {
            guard let name = secureClasses.securingClass(file: findings[index].file, line: findings[index].line)
            else { continue }
            findings[index].confidence = .low
            findings[index].message += "; its class '\(name)' turns secure entry on in code"
        }

        // Code context last: suppressions in test code still count as used, and what is left out is counted.
        var hidden: [CodeContext: Int] = [:]
        findings.removeAll { finding in
            guard !options.includedContexts.contains(finding.context) else { return false }
            if !finding.suppressed { hidden[finding.context, default: 0] += 1 }
            return true
        }
        var belowConfidence = 0
        if options.minimumConfidence > .low {
            findings.removeAll { finding in
                guard finding.confidence < options.minimumConfidence else { return false }
                if !finding.suppressed { belowConfidence += 1 }
                return true
            }
        }
        var output = Output(
            findings: findings, diagnostics: diagnostics, filesScanned: filesScanned, bytes: bytes,
            hiddenByContext: hidden,
            inventory: ScanInventory(facts: facts, inputs: inputs, rules: rules, options: options))
        output.generatedSkipped = generated
        output.hiddenByConfidence = belowConfidence
        output.cachedFiles = cache?.hits
        output.binaries = binaries
        return output
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
