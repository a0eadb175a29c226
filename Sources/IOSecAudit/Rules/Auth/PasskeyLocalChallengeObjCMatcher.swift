/// `auth.passkey-local-challenge` in Objective-C: the `challenge` of `createCredentialRegistrationRequestWithChallenge:…`
/// or `createCredentialAssertionRequestWithChallenge:` made on the device: a literal, a UUID, random bytes, or a
/// buffer the app fills (`[NSMutableData dataWithLength:32]`), directly or through locals a few steps back.
enum PasskeyLocalChallengeObjCMatcher: ObjCRule {
    static var description: RuleDescription { PasskeyLocalChallengeRule.description }

    private static let localSources: Set<String> = [
        "NSUUID", "UUID", "SecRandomCopyBytes", "arc4random", "arc4random_buf", "arc4random_uniform", "random", "rand"
    ]

    static let requiredNames: Set<String>? = [
        "createCredentialRegistrationRequestWithChallenge", "createCredentialAssertionRequestWithChallenge"
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends
        where send.selector.hasPrefix("createCredentialRegistrationRequestWithChallenge:")
            || send.selector == "createCredentialAssertionRequestWithChallenge:"
        {
            guard let argument = send.parts[0].argument,
                let origin = localSource(of: argument, before: send.open, source)
            else { continue }
            report(
                file, source, at: source.trimmedExpression(argument).lowerBound,
                "the passkey challenge is \(origin), not a value the server issued and will check; fetch it from the relying party"
            )
        }
    }

    /// `@"…"`, `"…"`, `[@"…" dataUsingEncoding:…]`.
    private static func isLiteral(_ r: Range<Int>, _ source: ObjCSource) -> Bool {
        guard let first = r.first else { return false }
        func isString(_ index: Int) -> Bool {
            source.tokens[index].kind == .objcString || source.tokens[index].kind == .string
        }
        if r.count == 1 { return isString(first) }
        guard source.isPunct(first, "["), let send = source.send(openingAt: first) else { return false }
        let receiver = source.trimmedExpression(send.receiver)
        return receiver.count == 1 && isString(receiver.lowerBound)
    }

    private static func localSource(of range: Range<Int>, before use: Int, _ source: ObjCSource) -> String? {
        var current = range
        for _ in 0..<4 {
            let r = source.trimmedExpression(current)
            if isLiteral(r, source) { return "a literal" }
            let names = source.identifiers(in: r)
            if let name = names.first(where: { localSources.contains($0) || $0.lowercased().hasPrefix("random") }) {
                return name.hasSuffix("UUID") ? "made from a UUID on the device" : "random bytes made on the device"
            }
            if names.contains("dataWithLength") || names.contains("initWithLength") {
                return "a buffer filled in the app"
            }
            // A local: its declared value, then what filled it (`SecRandomCopyBytes(…, challenge.mutableBytes)`).
            guard r.count == 1, let index = r.first, source.isIdentifier(index) else { return nil }
            let name = source.text(index)
            guard let value = source.declaredValue(of: name, before: use) else { return nil }
            current = value
        }
        return nil
    }
}
