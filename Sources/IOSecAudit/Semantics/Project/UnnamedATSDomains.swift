/// The domains of ATS exceptions (from `FactKind.atsWeakenedDomain`) that no source or configuration file of the scan
/// names: the app's own code never addresses them, so the exception serves a library outside the scan or an address
/// learned at run time (a proxy whose self-signed certificate the app pins), and whether plain HTTP is ever used
/// there cannot be told from the code. Property lists that declare exceptions are not searched: they hold the
/// exceptions themselves.
struct UnnamedATSDomains {
    /// `file ␟ line` of each weakened domain's finding, and the domain.
    private var domains: [String: String] = [:]
    private(set) var unnamed: Set<String> = []

    private static let exceptionsKey = ByteSearch("NSExceptionDomains")
    static let searchedKinds: Set<FileKind> = [.swift, .objc, .plist, .xcconfig, .bundledJSON]

    init(facts: [Fact], inputs: [FileInput]) {
        for fact in facts where fact.kind == FactKind.atsWeakenedDomain {
            domains[FactKind.join(fact.file, String(fact.line))] = fact.value.lowercased()
        }
        unnamed = SourceMentions.mentionedFewer(
            than: 1, Set(domains.values), in: inputs, kinds: Self.searchedKinds, wholeWords: false,
            skip: { input, bytes in input.kind == .plist && Self.exceptionsKey.occurs(in: bytes) })
    }

    /// The domain of the exception reported at `file`:`line` when nothing in the scan names it.
    func unnamedDomain(file: String, line: Int) -> String? {
        guard let domain = domains[FactKind.join(file, String(line))], unnamed.contains(domain) else { return nil }
        return domain
    }
}
