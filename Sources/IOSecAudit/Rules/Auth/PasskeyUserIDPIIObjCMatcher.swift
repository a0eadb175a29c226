/// `auth.passkey-user-id-pii` in Objective-C: `createCredentialRegistrationRequestWithChallenge:name:userID:` whose
/// `userID:` (or the local it was declared from, a few steps back) names an e-mail address, phone number or user name.
enum PasskeyUserIDPIIObjCMatcher: ObjCRule {
    static var description: RuleDescription { PasskeyUserIDPIIRule.description }

    static let requiredNames: Set<String>? = ["createCredentialRegistrationRequestWithChallenge"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends where send.selector.hasPrefix("createCredentialRegistrationRequestWithChallenge:") {
            guard let part = send.parts.first(where: { $0.name == "userID" }), let argument = part.argument,
                let name = personalName(in: argument, before: send.open, source)
            else { continue }
            report(
                file, source, at: part.nameIndex,
                "the passkey user handle is made from `\(name)`; it is stored with the credential and sent on every sign-in, so it must be an opaque random value"
            )
        }
    }

    private static func personalName(in range: Range<Int>, before use: Int, _ source: ObjCSource) -> String? {
        var current = range
        for _ in 0..<3 {
            if let name = source.identifiers(in: current).first(where: PasskeyUserIDPIIRule.isPersonal) { return name }
            let r = source.trimmedExpression(current)
            guard r.count == 1, let index = r.first, source.isIdentifier(index),
                let value = source.declaredValue(of: source.text(index), before: use)
            else { return nil }
            current = value
        }
        return nil
    }
}
