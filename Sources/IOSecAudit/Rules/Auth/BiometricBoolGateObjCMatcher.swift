import IOSecCore

/// `auth.biometric-bool-gate` in Objective-C: `evaluatePolicy:localizedReason:reply:` whose reply block acts on its
/// `success` flag, in a file that never ties a Keychain item to the evaluation (`SecAccessControlCreateWithFlags`,
/// `kSecAttrAccessControl`, `kSecUseAuthenticationContext`). Medium when the block reads the Keychain, decrypts
/// or handles a named credential; low otherwise.
enum BiometricBoolGateObjCMatcher: ObjCRule {
    static var description: RuleDescription { BiometricBoolGateRule.description }

    static let keychainBindings = [
        "SecAccessControlCreateWithFlags", "kSecAttrAccessControl", "kSecUseAuthenticationContext",
        "evaluateAccessControl"
    ]

    static let requiredNames: Set<String>? = ["evaluatePolicy"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard !keychainBindings.contains(where: source.mentions) else { return }
        for send in source.sends where send.selector == "evaluatePolicy:localizedReason:reply:" {
            guard let reply = send.parts[2].argument, blockActsOnFirstParameter(reply, source),
                !handsOn(source.lastIdentifier(in: send.receiver), in: reply, source)
            else { continue }
            if let secret = secret(in: reply, source) {
                report(
                    file, source, at: send.parts[0].nameIndex,
                    "the evaluatePolicy result alone grants access to \(secret), and a hook can make it say true; keep the secret in a Keychain item with biometric SecAccessControl and let reading it be the gate"
                )
            } else {
                report(
                    file, source, at: send.parts[0].nameIndex,
                    "the evaluatePolicy result alone decides this lock, and a hook can make it say true; if it guards a secret or a session, keep that in a Keychain item with biometric SecAccessControl and let reading it be the gate",
                    confidence: .low)
            }
        }
    }

    /// What the reply block reaches that is worth a bypass, as the Swift rule judges it.
    private static func secret(in range: Range<Int>, _ source: ObjCSource) -> String? {
        range.lazy.filter { source.isIdentifier($0) }.compactMap {
            BiometricBoolGateRule.secret(named: source.text($0))
        }
        .first
    }

    /// The evaluated LAContext passed as an argument inside the reply (`[keychain dataForAccount:a context:context]`,
    /// `readKey(context)`), as the Swift rule judges it.
    private static func handsOn(_ context: String?, in reply: Range<Int>, _ source: ObjCSource) -> Bool {
        guard let context else { return false }
        return reply.contains { index in
            guard source.isIdentifier(index), source.text(index) == context else { return false }
            // `self.context` as well as `context`.
            let start = source.isPunct(index - 1, ".") && source.isIdentifier(index - 2, "self") ? index - 2 : index
            return (source.isPunct(start - 1, ":") || source.isPunct(start - 1, "(") || source.isPunct(start - 1, ","))
                && (source.isPunct(index + 1, "]") || source.isPunct(index + 1, ")") || source.isPunct(index + 1, ",")
                    || source.isIdentifier(index + 1))
        }
    }

    /// `^(BOOL success, NSError *error) { if (success) … }`: the block's body reads its first parameter.
    private static func blockActsOnFirstParameter(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        guard let caret = range.first(where: { source.isPunct($0, "^") }), source.isPunct(caret + 1, "("),
            source.match[caret + 1] > caret + 1
        else { return false }
        let close = source.match[caret + 1]
        let parameters = source.split((caret + 2)..<close)
        guard let first = parameters.first, let name = source.lastIdentifier(in: first), name != "void",
            source.isPunct(close + 1, "{"), source.match[close + 1] > close + 1
        else { return false }
        return ((close + 2)..<source.match[close + 1]).contains { source.isIdentifier($0) && source.text($0) == name }
    }
}
