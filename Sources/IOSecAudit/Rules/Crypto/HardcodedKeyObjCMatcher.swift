/// `crypto.hardcoded-key` in Objective-C and C: the key or IV of `CCCrypt` / `CCCryptorCreate` written in the
/// source: a C string, `@"…".UTF8String`, `[@"…" dataUsingEncoding:].bytes`, or a `#define` / `const` of one.
enum HardcodedKeyObjCMatcher: ObjCRule {
    static var description: RuleDescription { HardcodedKeyRule.description }

    /// Argument positions of the key and IV.
    static let functions: [String: (key: Int, iv: Int?)] = [
        "CCCrypt": (3, 5), "CCCryptorCreate": (3, 5), "CCCryptorCreateWithMode": (6, 5)
    ]

    static let requiredNames: Set<String>? = Set(functions.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls(named: functions.keys) {
            guard let positions = functions[call.name] else { continue }
            if positions.key < call.arguments.count, let where_ = literal(in: call.arguments[positions.key], source) {
                report(
                    file, source, at: where_,
                    "key comes from a string literal in the source, readable by anyone with the app; generate it and keep it in the Keychain"
                )
            }
            if let iv = positions.iv, iv < call.arguments.count, let where_ = literal(in: call.arguments[iv], source) {
                report(
                    file, source, at: where_,
                    "iv is a string literal, the same for every message; use a fresh random iv each time")
            }
        }
    }

    /// The token where a literal key is written: in the argument itself, or at its `#define`/`const` (reported at
    /// the use, since a `#define` has no token in the code).
    private static func literal(in range: Range<Int>, _ source: ObjCSource) -> Int? {
        for index in range {
            let kind = source.tokens[index].kind
            if kind == .string || kind == .objcString { return index }
        }
        // `kEncryptionKey`, `kEncryptionKey.UTF8String`, `[kKey dataUsingEncoding:…].bytes`
        let names = source.identifiers(in: range).filter {
            ![
                "UTF8String", "bytes", "dataUsingEncoding", "NSUTF8StringEncoding", "cStringUsingEncoding",
                "NSASCIIStringEncoding"
            ].contains($0)
        }
        guard names.count == 1, source.constants[names[0]] != nil else { return nil }
        return range.lowerBound
    }
}
