import IOSecCore

/// `crypto.weak-cipher` in Objective-C and C: CommonCrypto's DES, 3DES, RC4, RC2 and Blowfish algorithms and the
/// ECB option, as arguments of `CCCrypt` / `CCCryptorCreate` or anywhere they are used.
enum WeakCipherObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakCipherRule.description }

    static let constants: [String: String] = [
        "kCCAlgorithmDES": "DES", "kCCAlgorithm3DES": "3DES", "kCCAlgorithmRC4": "RC4", "kCCAlgorithmRC2": "RC2",
        "kCCAlgorithmBlowfish": "Blowfish", "kCCOptionECBMode": "ECB mode"
    ]

    static let requiredNames: Set<String>? = Set(constants.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let uses = constants.flatMap { name, weakness in source.occurrences(of: name).map { ($0, weakness) } }
        for (index, weakness) in uses.sorted(by: { $0.0 < $1.0 }) {
            report(file, source, at: index, WeakCipherRule.message(weakness))
        }
    }
}
