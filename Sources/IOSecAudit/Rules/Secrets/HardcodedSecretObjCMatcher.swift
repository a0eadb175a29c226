import IOSecCore

/// `secrets.hardcoded` in Objective-C and C: a known key format anywhere in a string literal, and a
/// high-entropy or credential-like literal given a secret's name by `#define`, `NSString *const`, or an
/// assignment (`self.apiSecret = @"…"`).
enum HardcodedSecretObjCMatcher: ObjCRule {
    static var description: RuleDescription { HardcodedSecretRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for define in source.defines {
            // `#define` values are lexed separately; report at the name, where the value is written.
            guard let token = define.value.first, define.value.count == 1,
                token.kind == .objcString || token.kind == .string
            else { continue }
            let open = token.kind == .objcString ? token.start + 2 : token.start + 1
            guard token.end - 1 >= open else { continue }
            let value = String(decoding: source.bytes[open..<(token.end - 1)], as: UTF8.self)
            if let message = message(value, name: define.name) {
                report(
                    file, token: token, message.text, severity: message.severity, confidence: message.confidence,
                    evidence: message.evidence)
            }
        }
        for (index, token) in source.tokens.enumerated()
        where (token.kind == .objcString || token.kind == .string) && token.end - token.start >= 6 {
            let name = source.assignedName(ofValueAt: index)
            // A literal no name is given to counts only in a known key format, which is 16 bytes or more: most of a
            // file's literals are shorter, and are not copied out.
            if name == nil, token.end - token.start < 18 { continue }
            guard let value = source.stringValue(ofToken: index), let message = message(value, name: name)
            else { continue }
            report(
                file, source, at: index, message.text, severity: message.severity, confidence: message.confidence,
                evidence: message.evidence)
        }
    }

    /// The Swift rule's verdicts on a literal and the name it is given.
    /// A literal in a known key format or random-looking is evidence by its value; a low-entropy one by its name.
    static func message(
        _ text: String, name: String?
    ) -> (text: String, severity: Severity?, confidence: Confidence?, evidence: Evidence)? {
        if text.utf8.count >= 16, let match = SecretDetector.knownFormat(in: text) {
            return match.isPublic
                ? ("\(match.description) is hard-coded; fine if it really is the publishable key", .info, nil, .value)
                : (
                    "\(match.description) is hard-coded and readable by anyone with the app; revoke it and keep it server-side",
                    nil, nil, .value
                )
        }
        guard let name, let category = SensitiveName.classify(name) else { return nil }
        if text.utf8.count >= 16, SecretDetector.looksRandom(text), !SecretDetector.isPlaceholder(text) {
            return (
                "'\(name)' holds a hard-coded high-entropy secret; keep it server-side or fetch it at runtime", .high,
                nil, .value
            )
        }
        if HardcodedSecretRule.credentialCategories.contains(category),
            HardcodedSecretRule.looksLikeCredentialValue(text)
        {
            return (
                "'\(name)' is set to a hard-coded value, the same in every install and readable in the binary; let the user choose it or get it from your server",
                .high, .low, .name
            )
        }
        return nil
    }
}
