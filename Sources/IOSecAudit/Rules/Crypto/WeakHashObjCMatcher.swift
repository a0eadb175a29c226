import IOSecCore

/// `crypto.weak-hash` in Objective-C and C: CommonCrypto's `CC_MD5`, `CC_SHA1` and their `_Init` forms.
enum WeakHashObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakHashRule.description }

    static let functions: [String: String] = [
        "CC_MD5": "MD5", "CC_MD5_Init": "MD5", "CC_MD4": "MD4", "CC_MD2": "MD2", "CC_SHA1": "SHA-1", "CC_SHA1_Init": "SHA-1",
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls {
            guard let algorithm = functions[call.name] else { continue }
            // As in Swift: a digest named as a cache key, checksum or fingerprint is not a security use.
            let context = source.text(call.arguments.first ?? call.open..<call.open) + " " + source.text(max(0, call.nameIndex - 6)..<call.nameIndex)
            if WeakHashObjCMatcher.isNonSecurityUse(context) {
                report(file, source, at: call.nameIndex,
                       "\(call.name) used for a cache key or fingerprint: acceptable there, but never for passwords, tokens or signatures",
                       severity: .info)
            } else {
                report(file, source, at: call.nameIndex, "\(algorithm) is broken for security use; use SHA256, or HMAC<SHA256> to authenticate")
            }
        }
    }

    static func isNonSecurityUse(_ text: String) -> Bool {
        let words = Set(SensitiveName.words(text))
        return !words.isDisjoint(with: ["cache", "checksum", "fingerprint", "etag", "filename", "identifier", "hashed", "dedup"])
            && SensitiveName.classify(text) == nil
    }
}
