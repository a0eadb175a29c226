/// A project's own words for ``SensitiveName``: names that hold secrets in this app though the built-in vocabulary
/// does not know them, and look-alikes that it would wrongly take for secrets.
///
/// Names are matched like the built-in vocabulary, as whole words after splitting (`vault_code`, `vaultCode` and
/// `VAULT-CODE` are the same entry), anywhere in an identifier or key: `vaultCode` makes `userVaultCode` and
/// `"vault_code"` sensitive; `tokenBucket` makes `tokenBucketSize` and `rateTokenBucket` plain. A look-alike only
/// covers its own words, so `tokenBucketAuthToken` is still a token.
///
/// A scan binds its vocabulary with ``current`` for the files it analyses, so every rule in every language sees
/// it without each call site passing it along:
///
/// ```swift
/// let vocabulary = SensitiveVocabulary(sensitiveNames: ["vaultCode"], notSensitiveNames: ["tokenBucket"])
/// SensitiveVocabulary.$current.withValue(vocabulary) {
///     SensitiveName.isSensitive("userVaultCode")   // true
///     SensitiveName.isSensitive("tokenBucketSize") // false
/// }
/// ```
public struct SensitiveVocabulary: Sendable, Hashable {
    /// The names as written (for reports and equality).
    public let sensitiveNames: [String]
    public let notSensitiveNames: [String]
    /// The same, split into words and indexed by their first word, longest first so a longer entry wins over one
    /// of its own words; entries without a word are dropped (a configuration reader rejects them).
    let sensitive: [String: [[String]]]
    let lookAlikes: [String: [[String]]]

    public init(sensitiveNames: [String] = [], notSensitiveNames: [String] = []) {
        self.sensitiveNames = sensitiveNames
        self.notSensitiveNames = notSensitiveNames
        sensitive = Self.index(sensitiveNames)
        lookAlikes = Self.index(notSensitiveNames)
    }

    private static func index(_ names: [String]) -> [String: [[String]]] {
        let entries = names.map(SensitiveName.words).filter { !$0.isEmpty }
        return Dictionary(grouping: entries, by: { $0[0] }).mapValues { $0.sorted { $0.count > $1.count } }
    }

    /// The built-in vocabulary alone.
    public static let standard = SensitiveVocabulary()

    /// The vocabulary in force for the current task or thread; ``standard`` unless a scan bound another.
    @TaskLocal public static var current: SensitiveVocabulary = .standard

    public var isEmpty: Bool { sensitive.isEmpty && lookAlikes.isEmpty }

    /// The length of the look-alike that starts at `i`, or nil.
    func lookAlikeLength(_ w: [String], at i: Int) -> Int? {
        lookAlikes[w[i]]?.first { Self.matches($0, w, at: i) }?.count
    }

    /// The length of the project's sensitive name that starts at `i`, or nil.
    func sensitiveLength(_ w: [String], at i: Int) -> Int? {
        sensitive[w[i]]?.first { Self.matches($0, w, at: i) }?.count
    }

    private static func matches(_ entry: [String], _ w: [String], at i: Int) -> Bool {
        guard i + entry.count <= w.count else { return false }
        for (k, word) in entry.enumerated() where w[i + k] != word { return false }
        return true
    }
}
