import Foundation

/// Swift findings inside a function or property nothing else in the scanned code names (from
/// `FactKind.findingOwner`): code no path reaches, or reaches only from tests. Such a finding is low confidence and
/// says why. A name is looked for as a whole word in every Swift, Objective-C and Interface Builder file outside
/// tests (selectors, storyboard actions and strings count); one occurrence, the declaration itself, is none.
/// The caller runs it only on scans of a whole app (a selection of files, or a library, leaves callers out).
struct UnreferencedDeclarations {
    /// `file ␟ line ␟ column` of each finding with an owner, and the owner's name.
    private var owners: [String: String] = [:]
    /// Names nothing but their declaration mentions.
    private(set) var unreferenced: Set<String> = []

    init(facts: [Fact], inputs: [FileInput]) {
        var names: Set<String> = []
        for fact in facts where fact.kind == FactKind.findingOwner {
            let fields = FactKind.fields(fact.value, count: 2)
            owners[Self.key(fact.file, fact.line, fact.column)] = fields[0]
            names.insert(fields[0])
        }
        guard !names.isEmpty else { return }
        // File by file, each name looked for with `memchr` until it is seen twice: most names are, within the
        // first files read, and the search ends when every name has been.
        var open = Dictionary(uniqueKeysWithValues: names.map { ($0, (search: ByteSearch($0), seen: 0)) })
        for input in inputs where [.swift, .objc, .interface].contains(input.kind) {
            guard !open.isEmpty else { break }
            guard !PathTraits.isTestCode(input.relativePath), let bytes = try? input.load() else { continue }
            for (name, entry) in open {
                let seen = entry.seen + entry.search.wordCount(in: bytes, limit: 2 - entry.seen)
                if seen >= 2 { open[name] = nil } else { open[name]?.seen = seen }
            }
        }
        unreferenced = Set(open.keys)
    }

    /// Whether reachability changes what a finding of this rule means. A secret or key written in the code is in
    /// the binary whether or not the code around it runs.
    static func appliesTo(ruleId: String) -> Bool {
        !ruleId.hasPrefix("secrets.") && ruleId != HardcodedKeyRule.description.id
    }

    /// The owner of the finding at `file`:`line`:`column` when nothing names it.
    func unreferencedOwner(file: String, line: Int, column: Int) -> String? {
        guard !unreferenced.isEmpty, let name = owners[Self.key(file, line, column)], unreferenced.contains(name)
        else { return nil }
        return name
    }

    private static func key(_ file: String, _ line: Int, _ column: Int) -> String {
        FactKind.join(file, String(line), String(column))
    }
}
