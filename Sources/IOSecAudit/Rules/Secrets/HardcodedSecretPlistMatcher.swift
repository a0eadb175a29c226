import IOSecCore

/// `secrets.hardcoded` in bundled property lists (`Credentials.plist`, `Config.plist`): the same rule, description
/// and judgement as in Swift, matched over plist entries. A plist in the bundle is as readable as a string in the
/// binary: known token formats anywhere, and passwords, PINs, tokens and keys stored under their own names.
/// In an Info.plist only a server-side credential of a known format is reported (a Stripe secret key, an AWS access
/// key, a private key): the client keys SDKs read from there (`GMSApiKey`, `FacebookClientToken`) and publishable
/// keys are meant to ship, and names there say what an SDK expects, not what is secret. `GoogleService-Info.plist`
/// is left out.
struct HardcodedSecretPlistMatcher: ArtifactRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let fileKinds: Set<FileKind> = [.plist, .infoPlist]

    static func check(_ file: ArtifactFile) {
        // Firebase's client configuration (`GoogleService-Info-Release.plist`) is meant to ship; its API key is
        // restricted on Google's side, not secret.
        if file.path.split(separator: "/").last?.hasPrefix("GoogleService-Info") == true { return }
        guard let document = CollectorSupport.propertyList(file) else { return }
        visit(document.root, key: nil, line: document.rootLine, in: file, depth: 0)
    }

    private static func visit(_ value: PropertyListValue, key: String?, line: Int?, in file: ArtifactFile, depth: Int) {
        guard depth < 32 else { return }
        switch value {
        case .dictionary(let dictionary):
            for entry in dictionary.entries {
                visit(entry.value, key: entry.key, line: entry.valueLine ?? entry.keyLine, in: file, depth: depth + 1)
            }
        case .array(let array):
            for element in array.elements {
                visit(element.value, key: key, line: element.line ?? line, in: file, depth: depth + 1)
            }
        case .string(let text):
            check(text, key: key, line: line, in: file)
        default:
            break
        }
    }

    private static func check(_ text: String, key: String?, line: Int?, in file: ArtifactFile) {
        let isInfoPlist = file.kind == .infoPlist
        if text.utf8.count >= 16, let match = SecretDetector.knownFormat(in: text) {
            if isInfoPlist, match.isPublic || match.kind == .googleAPIKey { return }
            if match.isPublic {
                file.report(
                    description, atLineStart: line,
                    message: "\(match.description) is bundled; fine if it really is the publishable key",
                    severity: .info)
            } else {
                file.report(
                    description, atLineStart: line,
                    message:
                        "\(match.description) is bundled in a property list anyone with the app can read; revoke it and keep it server-side"
                )
            }
            return
        }
        guard !isInfoPlist, let key, let category = SensitiveName.classify(key),
            HardcodedSecretRule.credentialCategories.contains(category),
            HardcodedSecretRule.looksLikeCredentialValue(text)
        else { return }
        file.report(
            description, atLineStart: line,
            message:
                "'\(key)' is bundled in a property list anyone with the app can read; do not ship credentials in the app",
            severity: .high, confidence: .medium)
        // Whether the app reads this key is the project's to say (`UnreadPlistKeys`).
        if let line, let name = file.path.split(separator: "/").last, name.hasSuffix(".plist") {
            file.record(kind: FactKind.plistSecretKey, value: FactKind.join(key, String(name.dropLast(6))), line: line)
        }
    }
}
