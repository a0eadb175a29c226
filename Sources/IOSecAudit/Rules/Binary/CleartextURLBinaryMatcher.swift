import IOSecCore

/// `network.cleartext-url` in the C strings of an app's or extension's own executable: an `http://` URL for a remote
/// host. How the binary uses it cannot be seen, so the finding is low with low confidence; each host is reported once.
/// Libraries are left out: their URLs are the library's business, and they would bury the app's own.
enum CleartextURLBinaryMatcher: BinaryRule {
    static var description: RuleDescription { CleartextURLRule.description }
    static let maxFindings = 20

    static func check(_ binary: BinaryFile) {
        guard binary.role != .library else { return }
        var hosts: Set<String> = []
        for slice in binary.machO.slices {
            for string in slice.cStrings where string.hasPrefix("http://") && string.utf8.count <= 2048 {
                // A C string is often a whole format or message ("http://%@:8080 %d\n"): the URL ends at the first
                // space, control character or quote.
                let url = string.prefix {
                    !$0.isWhitespace && !$0.unicodeScalars.contains { $0.value < 0x20 } && $0 != "\""
                }
                guard hosts.count < maxFindings,
                    let (host, path) = CleartextURLRule.hostAndPath(String(url.dropFirst("http://".count))),
                    !host.isEmpty, !CleartextURLRule.isLocal(host),
                    !CleartextURLRule.isIdentifier(host: host, path: path), hosts.insert(host).inserted
                else { continue }
                binary.report(
                    description, evidence: "\(slice.architecture.name): \"\(url.prefix(120))\"",
                    message:
                        "\(binary.name) holds the cleartext URL http://\(host)\(path.prefix(60)); if the app loads it, it can be read and changed on the network",
                    severity: .low, confidence: .low)
            }
        }
    }
}
