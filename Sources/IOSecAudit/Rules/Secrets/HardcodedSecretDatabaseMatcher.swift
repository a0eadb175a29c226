import IOSecCore

/// `secrets.hardcoded` in databases shipped inside a built app (`.sqlite`, `.realm`): a seed database is as readable
/// as the binary. Its text is found as a binary's C strings are (runs of printable bytes) and only known token
/// formats are reported: a database keeps no names beside its values to judge other strings by.
struct HardcodedSecretDatabaseMatcher: ArtifactRule {
    static var description: RuleDescription { HardcodedSecretRule.description }
    static let fileKinds: Set<FileKind> = [.bundledDatabase]
    static let maxFindings = 20

    static func check(_ file: ArtifactFile) {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var seen: Set<String> = []
        for run in printableRuns(file.bytes, minimumLength: 16, maximumLength: 4096) where seen.count < maxFindings {
            // A token inside a longer text run (a JSON column, a URL) is found by knownFormat's own search.
            guard let match = SecretDetector.knownFormat(in: run), seen.insert(run).inserted else { continue }
            let shown = HardcodedSecretBinaryMatcher.redacted(run)
            if match.isPublic {
                file.report(
                    description, line: 1, snippet: "\(name): \"\(shown)\"",
                    message:
                        "\(match.description) in the bundled database \(name); fine if it really is the publishable key",
                    severity: .info, confidence: .medium)
            } else {
                file.report(
                    description, line: 1, snippet: "\(name): \"\(shown)\"",
                    message:
                        "\(match.description) in the bundled database \(name): anyone with the app can read it; revoke it and keep it server-side",
                    confidence: .medium)
            }
        }
    }

    /// Runs of printable ASCII (and tab) of at least `minimumLength` bytes; longer runs are cut at `maximumLength`.
    static func printableRuns(_ bytes: [UInt8], minimumLength: Int, maximumLength: Int) -> [String] {
        var runs: [String] = []
        var start = 0
        func close(_ end: Int) {
            if end - start >= minimumLength {
                runs.append(String(decoding: bytes[start..<min(end, start + maximumLength)], as: UTF8.self))
            }
        }
        for (index, byte) in bytes.enumerated() where !(byte >= 0x20 && byte < 0x7F) && byte != 0x09 {
            close(index)
            start = index + 1
        }
        close(bytes.count)
        return runs
    }
}
