import IOSecCore

/// `storage.userdefaults-secret` in Objective-C: `[[NSUserDefaults standardUserDefaults] setObject:token
/// forKey:kTokenKey]`, the key resolved through `#define` and `NSString *const`.
enum UserDefaultsSecretObjCMatcher: ObjCRule {
    static var description: RuleDescription { UserDefaultsSecretRule.description }

    static let requiredNames: Set<String>? = ["setObject", "setValue"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "setObject", "setValue")
        where send.selector == "setObject:forKey:" || send.selector == "setValue:forKey:" {
            guard isUserDefaults(send.receiver, in: source),
                let value = send.argument(send.parts[0].name), !source.isTrivialValue(value),
                let keyRange = send.argument("forKey")
            else { continue }
            let key = source.stringValue(of: keyRange)
            if let sensitive = source.sensitiveName(in: value) {
                report(
                    file, source, at: send.open,
                    "'\(sensitive)' is written to UserDefaults, which is unencrypted and backed up; store it in the Keychain",
                    // The value's name and its key agree: as in Swift, that keeps the severity.
                    evidence: key.map { Sensitivity.corroborates(sensitive, by: $0) } == true ? .api : .name)
            } else if let key, SensitiveName.isSensitive(key),
                // The value's own name outranks the key's: `sessionState` under "AuthSessionKey" is a nonce.
                !(source.lastIdentifier(in: value).map(SensitiveName.isMetadata) ?? false)
            {
                report(
                    file, source, at: send.open,
                    "value for key '\(key)' is written to UserDefaults, which is unencrypted and backed up; store it in the Keychain",
                    evidence: .name)
            }
        }
    }

    /// `[NSUserDefaults standardUserDefaults]`, `[[NSUserDefaults alloc] initWithSuiteName:…]`, a local declared
    /// as one (`NSUserDefaults *shared = …;`, whatever its name), or a variable or property named `defaults` /
    /// `userDefaults` / `sharedDefaults`.
    static func isUserDefaults(_ receiver: Range<Int>, in source: ObjCSource) -> Bool {
        if source.identifiers(in: receiver).contains("NSUserDefaults") { return true }
        guard let last = source.lastIdentifier(in: receiver) else { return false }
        if last.lowercased().hasSuffix("defaults") { return true }
        let range = source.trimmedExpression(receiver)
        guard range.count == 1, let value = source.declaredValue(of: last, before: range.lowerBound) else {
            return false
        }
        // `NSUserDefaults *shared = …`: the declared type sits before the `*` that precedes the name.
        let type = value.lowerBound - 4
        return (type >= 0 && source.isIdentifier(type, "NSUserDefaults"))
            || source.identifiers(in: value).contains("NSUserDefaults")
    }
}
