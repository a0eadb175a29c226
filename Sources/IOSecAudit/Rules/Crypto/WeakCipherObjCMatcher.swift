import IOSecCore

/// `crypto.weak-cipher` in Objective-C and C: CommonCrypto's DES, 3DES, RC4, RC2 and Blowfish algorithms and the
/// ECB option, as arguments of `CCCrypt` / `CCCryptorCreate` or anywhere they are used.
enum WeakCipherObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakCipherRule.description }

    static let constants: [String: String] = [
        "kCCAlgorithmDES": "DES", "kCCAlgorithm3DES": "3DES", "kCCAlgorithmRC4": "RC4", "kCCAlgorithmRC2": "RC2",
        "kCCAlgorithmBlowfish": "Blowfish", "kCCOptionECBMode": "ECB mode",
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (index, token) in source.tokens.enumerated() where token.kind == .identifier {
            guard let weakness = constants[source.text(index)] else { continue }
            report(file, source, at: index, WeakCipherRule.message(weakness))
        }
    }
}
