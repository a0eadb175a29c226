import IOSecCore

/// `crypto.weak-kdf` in Objective-C and C: `CCKeyDerivationPBKDF` with fewer iterations than current guidance for
/// its PRF (a literal or a `#define`d count).
enum WeakKDFObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakKDFRule.description }

    static let requiredNames: Set<String>? = ["CCKeyDerivationPBKDF"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where call.name == "CCKeyDerivationPBKDF" && call.arguments.count >= 7 {
            let prf = prf(in: call.arguments[5], source) ?? "SHA1"
            guard let iterations = integerValue(of: call.arguments[6], source),
                let message = WeakKDFRule.weakIterations(prf: prf, iterations: iterations)
            else { continue }
            report(file, source, at: call.nameIndex, message)
        }
    }

    /// `kCCPRFHmacAlgSHA256` → `SHA256`.
    private static func prf(in range: Range<Int>, _ source: ObjCSource) -> String? {
        for name in source.identifiers(in: range) {
            let upper = name.uppercased()
            for digest in ["SHA512", "SHA384", "SHA256", "SHA224", "SHA1"] where upper.hasSuffix(digest) {
                return digest
            }
        }
        return nil
    }

    /// A decimal literal (`10000`, `10000u`), or a `#define` of one.
    static func integerValue(of range: Range<Int>, _ source: ObjCSource) -> Int? {
        let r = source.trimmedExpression(range)
        guard r.count == 1 else { return nil }
        let text = source.text(r.lowerBound)
        if source.tokens[r.lowerBound].kind == .identifier {
            guard let define = source.defines.last(where: { $0.name == text }), define.value.count == 1,
                define.value[0].kind == .number
            else { return nil }
            let token = define.value[0]
            return integer(String(decoding: source.bytes[token.start..<token.end], as: UTF8.self))
        }
        return source.tokens[r.lowerBound].kind == .number ? integer(text) : nil
    }

    private static func integer(_ text: String) -> Int? {
        Int(String(text.prefix { $0.isNumber }))
    }
}
