import IOSecCore

/// `crypto.insecure-random` in Objective-C and C: `rand()`, `random()`, `arc4random()` … feeding a value named
/// as a token, key, nonce, salt or PIN (`NSString *otp = [NSString stringWithFormat:@"%06d", rand() % 1000000];`),
/// or made by a method or function so named (`- (NSString *)makeResetToken`). As in Swift, the method's name
/// counts, not its parameters: `- (void)registerPusher:(NSData *)token` does not make every random value in it a
/// token.
enum InsecureRandomObjCMatcher: ObjCRule {
    static var description: RuleDescription { InsecureRandomRule.description }

    static let requiredNames: Set<String>? = InsecureRandomRule.weakFunctions

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where InsecureRandomRule.weakFunctions.contains(call.name) {
            // The value the call feeds: the target of the innermost assignment whose value holds the call (through
            // sends and calls: `NSString *otp = [NSString stringWithFormat:@"%06d", rand() % 1000000];`), or the
            // method or function it is in.
            var names: [String] = []
            let body = source.body(containing: call.nameIndex)
            if let assignment = source.assignments().last(where: { $0.value.contains(call.nameIndex) }) {
                names = source.identifiers(in: assignment.target)
                // `int code = rand() % 1000000;` then `self.otp = [NSString stringWithFormat:@"%06d", code];`: one
                // local further, in the same body.
                if let local = names.last, !names.contains(where: isSecurityName), let body {
                    for later in source.assignments()
                    where later.equals > assignment.equals && later.equals < body.upperBound
                        && source.identifiers(in: later.value).contains(local)
                    {
                        names += source.identifiers(in: later.target)
                    }
                }
            }
            if let body, let function = source.functionName(of: body) {
                names.append(function)
            }
            guard let purpose = names.first(where: isSecurityName) else { continue }
            report(
                file, source, at: call.nameIndex,
                "'\(call.name)()' is used to make '\(purpose)', which must be unpredictable; use SecRandomCopyBytes or SystemRandomNumberGenerator",
                confidence: call.name.hasPrefix("arc4random") ? .low : .medium)
        }
    }

    static func isSecurityName(_ name: String) -> Bool {
        if let category = SensitiveName.classify(name),
            [.password, .token, .key, .secret, .session, .pin, .otp, .credential].contains(category)
        {
            return true
        }
        return !Set(SensitiveName.words(name)).isDisjoint(with: InsecureRandomRule.securityWords)
    }
}
