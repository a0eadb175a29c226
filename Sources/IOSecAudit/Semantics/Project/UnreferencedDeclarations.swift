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
        // Two mentions: the declaration and one use.
        unreferenced = SourceMentions.mentionedFewer(
            than: 2, names, in: inputs, kinds: [.swift, .objc, .interface], wholeWords: true)
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
