import Foundation
import IOSecCore
import SwiftParser
import SwiftSyntax

/// One file to analyse: where it sits in the project and how to get its bytes (from disk, or from memory
/// for rule tests and editors).
struct FileInput: Sendable {
    let relativePath: String
    let kind: FileKind
    let size: Int
    let load: @Sendable () throws -> [UInt8]
    /// For a Mach-O file of a built app: its role and its bundle's signing.
    var binary: BinaryContext?
    /// A file of a built app (.ipa, .app, .xcarchive) rather than of a project.
    var inBuiltApp = false

    init(_ file: DiscoveredFile) {
        relativePath = file.relativePath
        kind = file.kind
        size = file.size
        let path = file.absolutePath
        let discoveredSize = file.size
        load = { try FileSystem.read(path, size: discoveredSize) }
    }

    init(path: String, bytes: [UInt8]) {
        self.init(path: path, kind: FileKind.of(path: path) ?? .swift, bytes: bytes)
    }

    init(path: String, kind: FileKind, bytes: [UInt8]) {
        relativePath = path
        self.kind = kind
        size = bytes.count
        load = { bytes }
    }

    init(
        path: String, kind: FileKind, size: Int, binary: BinaryContext? = nil,
        load: @escaping @Sendable () throws -> [UInt8]
    ) {
        relativePath = path
        self.kind = kind
        self.size = size
        self.binary = binary
        self.load = load
    }
}

/// What one file contributed to the scan.
struct FileOutcome: Sendable, Codable {
    var findings: [Finding] = []
    var facts: [Fact] = []
    var diagnostics: [Diagnostic] = []
    var suppressions = Suppressions(entries: [])
    var bytes = 0
    var analyzed = false
    /// Generated code, left out and counted.
    var generated = false
    /// For a Mach-O file: what the app summary shows of it.
    var binarySummary: BinarySummary?
}

/// Reads and analyses one file: read once, parse once, one walk for all Swift rules.
struct FileAnalyzer: Sendable {
    let rules: RuleSet
    let options: ScanOptions
    var constants: ConstantIndex = .empty
    /// What the pre-pass learnt of each Swift file (its names and, with `dispatchPlan`, its `InterestMap`).
    var lexed: LexedFiles = .none
    /// Worked out once per scan, not once per file.
    let dispatchPlan: RuleDispatcher.Plan
    /// The artifact rules and fact collectors of each kind of file, in registry order. Asking each rule for its
    /// kinds made a set per rule per file.
    private let artifactRules: [FileKind: [any ArtifactRule.Type]]
    /// The Objective-C and C matchers, for `.objc` files.
    private let objcRoutes: [ObjCRoute]
    private let artifactCollectors: [FileKind: [any ArtifactFactCollector.Type]]

    init(rules: RuleSet, options: ScanOptions, constants: ConstantIndex = .empty) {
        self.rules = rules
        self.options = options
        self.constants = constants
        self.dispatchPlan = RuleDispatcher.Plan(rules.swiftVisitors)
        var artifactRules: [FileKind: [any ArtifactRule.Type]] = [:]
        for rule in rules.artifact {
            for kind in rule.fileKinds { artifactRules[kind, default: []].append(rule) }
        }
        self.objcRoutes = rules.objc.map(ObjCRoute.init)
        var artifactCollectors: [FileKind: [any ArtifactFactCollector.Type]] = [:]
        for collector in RuleRegistry.artifactFactCollectors {
            for kind in collector.fileKinds { artifactCollectors[kind, default: []].append(collector) }
        }
        self.artifactRules = artifactRules
        self.artifactCollectors = artifactCollectors
    }

    func analyze(_ input: FileInput) -> FileOutcome {
        var outcome = FileOutcome()
        let path = input.relativePath
        // Binaries are bounded by the bundle limits instead: an app's executable is often larger than any source file.
        guard input.kind == .machO || input.size <= options.maxSize(of: input.kind) else {
            let limit = Self.megabytes(options.maxSize(of: input.kind))
            outcome.diagnostics.append(
                Diagnostic(
                    file: path,
                    message:
                        "skipped: \(Self.megabytes(input.size)) is over the \(limit) limit\(input.kind == .swift ? " for Swift files" : "") (likely generated; raise it with --max-file-size)"
                ))
            return outcome
        }
        let bytes: [UInt8]
        do {
            bytes = try input.load()
        } catch {
            outcome.diagnostics.append(
                Diagnostic(file: path, message: "could not be read: \(FileDiscovery.reason(error))"))
            return outcome
        }
        outcome.bytes = bytes.count
        switch input.kind {
        case .swift:
            analyzeSwift(bytes, path: path, into: &outcome)
        case .machO:
            analyzeBinary(bytes, path: path, context: input.binary ?? BinaryContext(role: .standalone), into: &outcome)
            return outcome
        case .ipa:
            // An .ipa inside a project folder is not opened: scan it on its own (`iosec scan App.ipa`).
            return outcome
        case .mobileProvision where !input.inBuiltApp:
            // Profiles kept in a repository (for CI signing) are not what a build carries: only a built app's are read.
            return outcome
        default:
            analyzeArtifact(bytes, path: path, kind: input.kind, into: &outcome)
        }
        if outcome.analyzed { outcome.suppressions = Suppressions(bytes: bytes) }
        return outcome
    }

    private func analyzeSwift(_ bytes: [UInt8], path: String, into outcome: inout FileOutcome) {
        let lexedFile = lexed.file(path, size: bytes.count)
        // The pre-pass has already found a file it lexed for the walk not generated.
        if !options.includeGenerated, lexedFile == nil,
            TextChecks.isGenerated(bytes, path: path)
        {
            outcome.generated = true
            return
        }
        if TextChecks.looksBinary(bytes) {
            outcome.diagnostics.append(Diagnostic(file: path, message: "skipped: binary content in a .swift file"))
            return
        }
        if let line = TextChecks.squareBracketRun(bytes) {
            outcome.diagnostics.append(
                Diagnostic(
                    file: path,
                    message:
                        "skipped: 16 or more '[' open in a row at line \(line), which the Swift parser takes exponential time on (generated or hostile code)"
                ))
            return
        }
        if let line = TextChecks.firstInvalidUTF8Line(bytes) {
            outcome.diagnostics.append(
                Diagnostic(
                    file: path, message: "invalid UTF-8 at line \(line); scanned with the invalid bytes replaced"))
        } else if nothingWanted(in: bytes, path: path) {
            outcome.analyzed = true
            return
        }
        // The clock starts before parsing, so a slow parse leaves the rules less time.
        let deadline = options.fileTimeLimit.map {
            DispatchTime.now().uptimeNanoseconds + UInt64($0 * 1_000_000_000)
        }
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let file = SwiftFile(path: path, bytes: bytes, tree: tree, constants: constants, names: lexedFile?.names)
        // Invalid UTF-8 already explains the parse errors it causes: one diagnostic per file.
        if tree.hasError, !outcome.diagnostics.contains(where: { $0.file == path }) {
            let line = file.position(of: Self.firstErrorNode(in: Syntax(tree))).line
            outcome.diagnostics.append(
                Diagnostic(
                    file: path,
                    message:
                        "syntax error near line \(line) (or nesting too deep); findings in the unparsed part may be missing"
                ))
        }
        let dispatcher = RuleDispatcher(
            plan: dispatchPlan, file: file, interest: lexed.interest(of: path, size: bytes.count, for: dispatchPlan),
            deadline: deadline)
        dispatcher.run()
        if let line = dispatcher.stoppedAtLine, let limit = options.fileTimeLimit {
            outcome.diagnostics.append(
                Diagnostic(
                    file: path,
                    message:
                        "analysis stopped at line \(line) after the \(Self.seconds(limit)) per-file time limit; findings after it may be missing (raise it with --file-time-limit)"
                ))
        }
        outcome.analyzed = true
        outcome.findings = file.findings
        // Facts say what ships: a test, tooling or sample file contributes none (its findings carry their context).
        outcome.facts = file.isTestCode ? [] : file.facts
    }

    /// Whether the pre-pass marked nothing in the file (`InterestMap`): then the walk would visit no node, no visitor
    /// would see anything, and the parse is skipped too. About one Swift file in ten names nothing any rule reads.
    private func nothingWanted(in bytes: [UInt8], path: String) -> Bool {
        lexed.interest(of: path, size: bytes.count, for: dispatchPlan)?.isEmpty == true
    }

    private func analyzeArtifact(_ bytes: [UInt8], path: String, kind: FileKind, into outcome: inout FileOutcome) {
        let file = ArtifactFile(path: path, kind: kind, bytes: bytes, options: options)
        file.databaseEncryption = constants.databaseEncryption
        for rule in artifactRules[kind] ?? [] { rule.check(file) }
        if kind == .objc {
            for route in objcRoutes { route.check(file) }
            file.recordMacroRegionsOfFindings()
        }
        for collector in artifactCollectors[kind] ?? [] {
            let diagnostics = collector.collect(file)
            if !diagnostics.isEmpty { outcome.diagnostics += diagnostics }
        }
        outcome.analyzed = true
        outcome.findings = file.findings
        // Facts say what ships: a test target's plist, project or source contributes none, but those that tell a
        // stage how to judge the file's own findings.
        outcome.facts = file.isTestCode ? file.facts.filter { FactKind.judgesFindings.contains($0.kind) } : file.facts
    }

    private func analyzeBinary(
        _ bytes: [UInt8], path: String, context: BinaryContext, into outcome: inout FileOutcome
    ) {
        let machO: MachOFile
        do {
            machO = try MachOFile(bytes: bytes)
        } catch {
            outcome.diagnostics.append(
                Diagnostic(file: path, message: "not a readable Mach-O file: \(error.description)"))
            return
        }
        for issue in machO.issues.prefix(5) {
            outcome.diagnostics.append(Diagnostic(file: path, message: "partly unreadable: \(issue)"))
        }
        let binary = BinaryFile(path: path, machO: machO, context: context)
        for rule in rules.binary { rule.check(binary) }
        outcome.findings = binary.findings
        outcome.binarySummary = BinarySummary(path: path, bytes: bytes, machO: machO, role: context.role)
        // The signed entitlements are what the device enforces: the entitlements rules read them as they read an
        // .entitlements file. get-task-allow is left to binary.debug-entitlement, which knows how the build is signed.
        if context.role != .library, let xml = machO.slices.lazy.compactMap({ $0.codeSignature?.entitlementsXML }).first
        {
            let file = ArtifactFile(path: path, kind: .entitlements, bytes: xml, options: options)
            for rule in artifactRules[.entitlements] ?? [] { rule.check(file) }
            for collector in artifactCollectors[.entitlements] ?? [] { _ = collector.collect(file) }
            outcome.findings += file.findings
            outcome.facts += file.facts.filter { $0.kind != FactKind.getTaskAllow }
        }
        outcome.analyzed = true
    }

    /// Follows the error flag down one path: cheap even on large trees.
    private static func firstErrorNode(in node: Syntax) -> Syntax {
        var current = node
        while let child = current.children(viewMode: .sourceAccurate).first(where: { $0.hasError }) {
            current = child
        }
        return current
    }

    static func read(_ path: String) throws -> [UInt8] {
        try FileSystem.read(path)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2g s", value)
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

/// An Objective-C matcher as the analyser runs it. One with `requiredNames` is handed only files that name one of
/// them, looked up by bytes and hash worked out once per scan: asked as strings of every file, for each matcher, the
/// lookups cost more than some matchers. A class, so that going through a file's routes copies no names.
private final class ObjCRoute: Sendable {
    let matcher: any ObjCRule.Type
    let names: IdentifierNames?

    init(_ matcher: any ObjCRule.Type) {
        self.matcher = matcher
        names = matcher.requiredNames.map(IdentifierNames.init)
    }

    func check(_ file: ArtifactFile) {
        let source = file.objc
        if let names, !source.mentionsAny(of: names) { return }
        matcher.check(source, in: file)
    }
}
