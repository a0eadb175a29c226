import IOSecCore

/// `secrets.hardcoded` in JSON files shipped inside a built app (`config.json`, `credentials.json`): known token
/// formats anywhere, and passwords, PINs, tokens and keys under their own names, judged as in property lists.
/// Only a built app's JSON is read (see `FileKind.bundledJSON`).
struct HardcodedSecretJSONMatcher: ArtifactRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let fileKinds: Set<FileKind> = [.bundledJSON]
    static let maxFindings = 20

    static func check(_ file: ArtifactFile) {
        let map = JSONSourceMap(file.bytes)
        var reported = 0
        for string in map.strings where reported < maxFindings {
            let text = string.value
            let line = string.position.line
            if text.utf8.count >= 16, let match = SecretDetector.knownFormat(in: text) {
                reported += 1
                if match.isPublic {
                    file.report(
                        description, line: line, column: string.position.column,
                        message: "\(match.description) is bundled; fine if it really is the publishable key",
                        severity: .info)
                } else {
                    file.report(
                        description, line: line, column: string.position.column,
                        message:
                            "\(match.description) is bundled in a JSON file anyone with the app can read; revoke it and keep it server-side"
                    )
                }
                continue
            }
            guard let key = lastKey(of: string), let category = SensitiveName.classify(key),
                HardcodedSecretRule.credentialCategories.contains(category),
                HardcodedSecretRule.looksLikeCredentialValue(text)
            else { continue }
            reported += 1
            file.report(
                description, line: line, column: string.position.column,
                message:
                    "'\(key)' is bundled in a JSON file anyone with the app can read; do not ship credentials in the app",
                severity: .high, confidence: .medium)
        }
    }

    /// The member name a string value sits under: `password` for `.password` or `.passwords[2]`; nil for keys
    /// that are not identifiers and for values of top-level arrays.
    static func lastKey(of string: JSONSourceMap.StringValue) -> String? {
        var suffix = Substring(string.pathSuffix(segments: 1))
        if suffix.hasPrefix("[") {
            // An array element: the key is the segment before.
            let two = Substring(string.pathSuffix(segments: 2))
            guard let bracket = two.lastIndex(of: "[") else { return nil }
            suffix = two[..<bracket]
        }
        if suffix.hasPrefix(".") { suffix = suffix.dropFirst() }
        guard !suffix.isEmpty, !suffix.contains("["), !suffix.contains(".") else { return nil }
        return String(suffix)
    }
}
