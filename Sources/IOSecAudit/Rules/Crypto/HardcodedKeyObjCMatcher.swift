/// `crypto.hardcoded-key` in Objective-C and C: the key or IV of `CCCrypt` / `CCCryptorCreate`, the key of `CCHmac`,
/// the password or salt of `CCKeyDerivationPBKDF`, written in the source: a C string, `@"…".UTF8String`,
/// `[@"…" dataUsingEncoding:].bytes`, a `#define` / `const` of one, or a local of the same body made from one
/// (`NSData *salt = [@"…" dataUsingEncoding:…]`, a buffer `getCString:` filled from a constant).
enum HardcodedKeyObjCMatcher: ObjCRule {
    static var description: RuleDescription { HardcodedKeyRule.description }

    enum Role: String { case key, iv, salt, password }

    /// Argument positions of the material each function takes.
    static let functions: [String: [(position: Int, role: Role)]] = [
        "CCCrypt": [(3, .key), (5, .iv)], "CCCryptorCreate": [(3, .key), (5, .iv)],
        "CCCryptorCreateWithMode": [(5, .key), (4, .iv)], "CCHmac": [(1, .key)], "CCHmacInit": [(2, .key)],
        "CCKeyDerivationPBKDF": [(1, .password), (3, .salt)]
    ]

    static let requiredNames: Set<String>? = Set(functions.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls(named: functions.keys) {
            for (position, role) in functions[call.name] ?? [] where position < call.arguments.count {
                if role == .iv, isNull(call.arguments[position], source) {
                    if chainsBlocks(call, source) {
                        report(
                            file, source, at: call.arguments[position].lowerBound,
                            "iv is NULL, so CommonCrypto chains from an all-zero IV, the same for every message; use a fresh random iv each time"
                        )
                    }
                    continue
                }
                guard let at = literal(in: call.arguments[position], source, before: call.nameIndex, depth: 0) else {
                    continue
                }
                report(file, source, at: at, message(role))
            }
        }
    }

    /// `NULL`, `nil`, `(void *)NULL`.
    private static func isNull(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        let names = source.identifiers(in: range).filter { $0 != "void" && $0 != "const" }
        return names == ["NULL"] || names == ["nil"]
    }

    /// Whether the call chains blocks from its IV: not ECB (`crypto.weak-cipher`'s), not the stream cipher RC4.
    /// The algorithm and options of CCCrypt and CCCryptorCreate, the mode and algorithm of CCCryptorCreateWithMode.
    private static func chainsBlocks(_ call: ObjCCall, _ source: ObjCSource) -> Bool {
        guard call.arguments.count > 2 else { return false }
        return !call.arguments[1...2].contains { range in
            source.identifiers(in: range).contains { HardcodedKeyRule.unchainedModes.contains($0) }
        }
    }

    private static func message(_ role: Role) -> String {
        switch role {
        case .key:
            "key comes from a string literal in the source, readable by anyone with the app; generate it and keep it in the Keychain"
        case .iv: "iv is a string literal, the same for every message; use a fresh random iv each time"
        case .salt: "salt is a string literal, the same for every user; use a random salt per user"
        case .password:
            "key-derivation password comes from a string literal in the source, so every install derives the same key; derive it from the user's secret or keep a random key in the Keychain"
        }
    }

    /// Members and sends that hand on the bytes of what they are applied to.
    private static let conversions: Set<String> = [
        "UTF8String", "bytes", "dataUsingEncoding", "NSUTF8StringEncoding", "cStringUsingEncoding",
        "NSASCIIStringEncoding", "length", "mutableBytes"
    ]

    /// The token where a literal is written: in the argument itself, at its `#define`/`const` (reported at the use,
    /// since a `#define` has no token in the code), or in the value of the local the argument names.
    private static func literal(in range: Range<Int>, _ source: ObjCSource, before use: Int, depth: Int) -> Int? {
        guard depth < 3 else { return nil }
        for index in range {
            let kind = source.tokens[index].kind
            if kind == .string || kind == .objcString { return index }
        }
        // `kEncryptionKey`, `kEncryptionKey.UTF8String`, `[kKey dataUsingEncoding:…].bytes`
        let names = source.identifiers(in: range).filter { !conversions.contains($0) }
        guard names.count == 1 else { return nil }
        if source.constants[names[0]] != nil { return range.lowerBound }
        // A local: `NSData *salt = [@"…" dataUsingEncoding:…];`, or a buffer a constant is copied into.
        if let value = source.declaredValue(of: names[0], before: use),
            let found = literal(in: value, source, before: use, depth: depth + 1)
        {
            return found
        }
        guard let body = source.body(containing: use) else { return nil }
        for send in source.sends
        where send.selector.hasPrefix("getCString:") && send.open > body.lowerBound && send.open < use
            && send.parts.first?.argument.map({ source.identifiers(in: $0) == names }) == true
        {
            if literal(in: send.receiver, source, before: send.open, depth: depth + 1) != nil {
                return range.lowerBound
            }
        }
        return nil
    }
}
