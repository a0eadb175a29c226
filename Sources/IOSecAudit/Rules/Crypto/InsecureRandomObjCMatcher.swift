import IOSecCore

/// `crypto.insecure-random` in Objective-C and C: `rand()`, `random()`, `arc4random()` … feeding a value named
/// as a token, key, nonce, salt or PIN (`NSString *otp = [NSString stringWithFormat:@"%06d", rand() % 1000000];`).
enum InsecureRandomObjCMatcher: ObjCRule {
    static var description: RuleDescription { InsecureRandomRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where InsecureRandomRule.weakFunctions.contains(call.name) {
            // The value the call feeds: the assignment target of its statement, or the method it is in.
            let statement = source.statement(containing: call.nameIndex)
            var names: [String] = []
            if let equals = statement.first(where: { source.isPunct($0, "=") }), equals < call.nameIndex {
                names = source.identifiers(in: statement.lowerBound..<equals)
            }
            if let body = source.body(containing: call.nameIndex) { names += source.identifiers(in: source.signature(of: body)) }
            guard let purpose = names.first(where: isSecurityName) else { continue }
            report(file, source, at: call.nameIndex, "'\(call.name)()' is used to make '\(purpose)', which must be unpredictable; use SecRandomCopyBytes or SystemRandomNumberGenerator",
                   confidence: call.name.hasPrefix("arc4random") ? .low : .medium)
        }
    }

    static func isSecurityName(_ name: String) -> Bool {
        if let category = SensitiveName.classify(name), [.password, .token, .key, .secret, .session, .pin, .otp, .credential].contains(category) { return true }
        return !Set(SensitiveName.words(name)).isDisjoint(with: InsecureRandomRule.securityWords)
    }
}
