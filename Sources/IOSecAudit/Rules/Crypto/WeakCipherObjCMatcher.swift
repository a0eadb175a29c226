import IOSecCore

/// `crypto.weak-cipher` in Objective-C and C: CommonCrypto's weak algorithms, modes and options
/// (`WeakCipherRule.constants`, the Swift rule's table), as arguments of `CCCrypt` / `CCCryptorCreate` or anywhere
/// they are used.
enum WeakCipherObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakCipherRule.description }

    static var constants: [String: String] { WeakCipherRule.constants }

    static let requiredNames: Set<String>? = Set(WeakCipherRule.constants.keys)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let uses = constants.flatMap { name, weakness in source.occurrences(of: name).map { ($0, weakness) } }
        for (index, weakness) in uses.sorted(by: { $0.0 < $1.0 }) {
            report(file, source, at: index, WeakCipherRule.message(weakness))
        }
    }
}
