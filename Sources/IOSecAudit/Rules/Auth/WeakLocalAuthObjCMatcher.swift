import IOSecCore

/// `auth.weak-local-auth` in Objective-C: `[password isEqualToString:@"…"]`, `[self.pinField.text
/// isEqualToString:kMasterPIN]` — a credential compared with a string the app carries.
enum WeakLocalAuthObjCMatcher: ObjCRule {
    static var description: RuleDescription { WeakLocalAuthRule.description }

    static let requiredNames: Set<String>? = ["isEqualToString", "isEqual"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "isEqualToString", "isEqual")
        where send.selector == "isEqualToString:" || send.selector == "isEqual:" {
            guard let argument = send.parts.first?.argument else { continue }
            // One side a credential, the other a string the app carries (a literal, `#define` or constant). The
            // string is looked at first: most comparisons have none, and naming the other side costs more.
            let sides = [(send.receiver, argument), (argument, send.receiver)]
            guard
                let name = sides.lazy.compactMap({ credential, other -> String? in
                    guard let value = source.stringValue(of: other),
                        HardcodedSecretRule.looksLikeCredentialValue(value)
                            || value.allSatisfy(\.isNumber) && value.count >= 4,
                        let name = source.sensitiveName(in: credential), isCredential(name)
                    else { return nil }
                    return name
                }).first
            else { continue }
            report(
                file, source, at: send.open,
                "'\(name)' is compared with a hard-coded string; verify it on the server or against a salted hash in the Keychain"
            )
        }
    }

    static func isCredential(_ name: String) -> Bool {
        let stripped = ["TextField", "Field", "TextView", "Input"].reduce(name) { name, suffix in
            name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
        }
        guard let category = SensitiveName.classify(stripped) else { return false }
        return [.password, .pin, .secret, .credential, .otp].contains(category)
    }
}
