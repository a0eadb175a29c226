/// What a scan saw besides its findings: the facts files recorded, how many files of each kind it read, and which
/// rules ran. The audit checklist decides from it whether an item applies (no web view, no Keychain) and whether a
/// clean result means "pass" (the deciding rules ran) or nothing was checked.
public struct ScanInventory: Sendable {
    /// Every fact recorded by app code, sorted by file, line, kind and value.
    public var facts: [Fact]
    /// Discovered files per kind.
    public var fileCounts: [FileKind: Int]
    /// Ids of the rules the scan ran (after any rule selection).
    public var rulesRun: Set<String>
    /// `--production`: the production-only checks ran too.
    public var production: Bool

    public init(
        facts: [Fact] = [], fileCounts: [FileKind: Int] = [:], rulesRun: Set<String> = [], production: Bool = false
    ) {
        self.facts = facts.sorted(by: Self.factOrder)
        self.fileCounts = fileCounts
        self.rulesRun = rulesRun
        self.production = production
    }

    init(facts: [Fact], inputs: [FileInput], rules: RuleSet, options: ScanOptions) {
        var counts: [FileKind: Int] = [:]
        for input in inputs { counts[input.kind, default: 0] += 1 }
        self.init(
            facts: facts, fileCounts: counts, rulesRun: Set(rules.descriptions.map(\.id)),
            production: options.production)
    }

    /// Facts of one kind, in order.
    public func facts(_ kind: String) -> [Fact] { facts.filter { $0.kind == kind } }

    public func count(of kind: FileKind) -> Int { fileCounts[kind] ?? 0 }

    static func factOrder(_ a: Fact, _ b: Fact) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.value < b.value
    }
}
