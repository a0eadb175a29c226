import IOSecCore

/// `secrets.hardcoded` in a built binary's C strings: known token formats only (a binary keeps no names to judge a
/// random-looking string by). Each distinct string is reported once per binary, with lower confidence than in
/// source, since the string may belong to a library.
enum HardcodedSecretBinaryMatcher: BinaryRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let maxFindings = 20

    static func check(_ binary: BinaryFile) {
        var seen: Set<String> = []
        var reported = 0
        for slice in binary.machO.slices {
            for string in slice.cStrings where string.utf8.count >= 16 && string.utf8.count <= 4096 {
                guard reported < maxFindings, let match = SecretDetector.knownFormat(in: string),
                    seen.insert(string).inserted
                else { continue }
                reported += 1
                let shown = redacted(string)
                if match.isPublic {
                    binary.report(
                        description, evidence: "\(slice.architecture.name): \"\(shown)\"",
                        message:
                            "\(match.description) in \(binary.name)'s strings; fine if it really is the publishable key",
                        severity: .info, confidence: .medium)
                } else {
                    binary.report(
                        description, evidence: "\(slice.architecture.name): \"\(shown)\"",
                        message:
                            "\(match.description) in \(binary.name)'s strings: anyone with the app can read it; revoke it and keep it server-side",
                        confidence: .medium)
                }
            }
        }
    }

    /// Enough to find it again, not enough to use it from a report.
    static func redacted(_ secret: String) -> String {
        let visible = secret.prefix(min(8, secret.count / 3))
        return visible + String(repeating: "•", count: min(12, max(4, secret.count - visible.count)))
    }
}
