import IOSecCore

/// `binary.weak-api`: imports of C functions that are unsafe or weak by design. Symbols are compared exactly, never as
/// substrings, so `_objc_allocateProtocol` is not `_alloca` and Swift's mangled names never match.
enum WeakAPIRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.weak-api",
        title: "Binary imports unsafe or weak C functions",
        severity: .low,
        confidence: .medium,
        masvs: "MASVS-CODE-4",
        cwe: 676, owasp: OWASPReference("MASWE-0045", beta: "MASWE-0116", mastg: [], .related),
        outsideChecklist: "unsafe C imports: the source rules (code.unsafe-c-function) decide item 26",
        rationale: """
            strcpy, strcat, sprintf, vsprintf and gets write without a bound; rand, random and srand are not \
            cryptographically secure; mktemp and tmpnam race; CC_MD5 and CC_SHA1 are broken hashes. Importing one \
            does not prove misuse (a library may use rand for a shuffle), so the finding is low and names the \
            symbols to review in the source.
            """,
        fix: "Use the bounded and secure versions: strlcpy/snprintf, SecRandomCopyBytes, mkstemp, SHA-256.",
        fixExample: """
            snprintf(buffer, sizeof buffer, "%s", name);         // not sprintf / strcpy
            SecRandomCopyBytes(kSecRandomDefault, 32, bytes);    // not rand() / random()
            let digest = SHA256.hash(data: data)                 // not CC_MD5 / CC_SHA1
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    /// Imported name → what is wrong with it.
    static let weakSymbols: [String: String] = [
        "_strcpy": "unbounded copy", "_strcat": "unbounded copy", "_sprintf": "unbounded format",
        "_vsprintf": "unbounded format", "_gets": "unbounded read", "_rand": "insecure random",
        "_random": "insecure random", "_srand": "insecure random", "_mktemp": "racy temporary file",
        "_tmpnam": "racy temporary file", "_CC_MD5": "weak hash", "_CC_SHA1": "weak hash",
        "_alloca": "unbounded stack allocation"
    ]

    static func check(_ binary: BinaryFile) {
        var found: [String: Set<String>] = [:]  // symbol → architectures
        for slice in binary.machO.slices {
            for symbol in slice.imports where weakSymbols[symbol] != nil {
                found[symbol, default: []].insert(slice.architecture.name)
            }
        }
        guard !found.isEmpty else { return }
        let symbols = found.keys.sorted()
        let described = symbols.map { "\($0) (\(weakSymbols[$0] ?? ""))" }
        let archs = Set(found.values.flatMap { $0 }).sorted().joined(separator: ", ")
        binary.report(
            description, evidence: "\(archs): imports \(symbols.joined(separator: ", "))",
            message:
                "\(binary.name) imports \(BinaryFile.list(described, limit: 8)); review the call sites in the source")
    }
}
