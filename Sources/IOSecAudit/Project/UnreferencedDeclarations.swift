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

    init(facts: [Fact], inputs: [FileInput], workers: Int) {
        var names: Set<String> = []
        for fact in facts where fact.kind == FactKind.findingOwner {
            let fields = FactKind.fields(fact.value, count: 2)
            owners[Self.key(fact.file, fact.line, fact.column)] = fields[0]
            names.insert(fields[0])
        }
        guard !names.isEmpty else { return }
        let searched = inputs.filter { input in
            [.swift, .objc, .interface].contains(input.kind) && !PathTraits.isTestCode(input.relativePath)
        }
        let finder = WordCounter(names)
        let counts = ParallelMap.run(searched, workers: workers) { input -> [String: Int] in
            guard let bytes = try? input.load() else { return [:] }
            return finder.count(in: bytes)
        }
        var total: [String: Int] = [:]
        for found in counts { total.merge(found, uniquingKeysWith: +) }
        unreferenced = names.filter { (total[$0] ?? 0) <= 1 }
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

/// Counts whole-word occurrences of a few identifiers in source bytes: one pass over the identifier-shaped runs,
/// and a String made only for a run whose length and first byte some name has.
struct WordCounter: Sendable {
    private let names: Set<String>
    private let lengths: Set<Int>
    private var firstBytes = [Bool](repeating: false, count: 256)

    init(_ names: Set<String>) {
        self.names = names
        lengths = Set(names.map(\.utf8.count))
        for name in names { if let first = name.utf8.first { firstBytes[Int(first)] = true } }
    }

    func count(in bytes: [UInt8]) -> [String: Int] {
        var found: [String: Int] = [:]
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                guard Self.isWordByte(b[i]) else {
                    i += 1
                    continue
                }
                let start = i
                while i < n, Self.isWordByte(b[i]) { i += 1 }
                guard firstBytes[Int(b[start])], lengths.contains(i - start) else { continue }
                let word = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                if names.contains(word) { found[word, default: 0] += 1 }
            }
        }
        return found
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }
}
