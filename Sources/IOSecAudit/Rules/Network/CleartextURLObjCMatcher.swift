import IOSecCore

/// `network.cleartext-url` in Objective-C: an `@"http://…"` literal for a remote host, not a local server,
/// an XML namespace or a DTD.
enum CleartextURLObjCMatcher: ObjCRule {
    static var description: RuleDescription { CleartextURLRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (index, token) in source.tokens.enumerated() where token.kind == .objcString || token.kind == .string {
            guard source.stringToken(index, hasPrefix: "http://"), let value = source.stringValue(ofToken: index),
                let (host, path) = CleartextURLRule.hostAndPath(String(value.dropFirst("http://".count))),
                !host.isEmpty, !CleartextURLRule.isLocal(host), !CleartextURLRule.isIdentifier(host: host, path: path)
            else { continue }
            // `[NSURL URLWithString:@"http://…"]` reaches the network only when loaded; the Swift rule's wording for
            // a literal whose use is unknown.
            if token.isDebugOnly {
                report(
                    file, source, at: index, "cleartext http:// URL for '\(host)' (debug builds only); use https://",
                    severity: .low)
            } else {
                report(
                    file, source, at: index,
                    "cleartext http:// URL for '\(host)' can be read and changed on the network if the app loads it; use https://",
                    confidence: .low)
            }
        }
    }
}
