import IOSecCore

/// `network.cleartext-url` in Objective-C: an `@"http://…"` literal for a remote host, not a local server,
/// an XML namespace or a DTD.
enum CleartextURLObjCMatcher: ObjCRule {
    static var description: RuleDescription { CleartextURLRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (index, token) in source.tokens.enumerated() where token.kind == .objcString || token.kind == .string {
            guard source.stringToken(index, hasPrefix: "http://"), let value = source.stringValue(ofToken: index),
                let (host, path) = CleartextURLRule.hostAndPath(String(value.dropFirst("http://".count))),
                !host.isEmpty, !CleartextURLRule.isLocal(host), !CleartextURLRule.isIdentifier(host: host, path: path),
                !isNameNotAddress(index, source)
            else { continue }
            // `[NSURL URLWithString:@"http://…"]` reaches the network only when loaded; the Swift rule's wording for
            // a literal whose use is unknown.
            report(
                file, source, at: index,
                "cleartext http:// URL for '\(host)' can be read and changed on the network if the app loads it; use https://",
                confidence: .low)
        }
    }

    /// Sends whose string is compared, never loaded.
    static let comparisons: Set<String> = [
        "isEqual", "isEqualToString", "hasPrefix", "hasSuffix", "containsString", "rangeOfString",
        "caseInsensitiveCompare",
        "compare"
    ]

    /// As in Swift: a string test (`[rel isEqual:@"http://openid.net/specs/connect/1.0/issuer"]`, `x == @"http://…"`)
    /// or an XML namespace (`[OCXMLNode namespaceWithName:@"oc" stringValue:@"http://owncloud.org/ns"]`) names
    /// something; it is not an address the app loads.
    static func isNameNotAddress(_ index: Int, _ source: ObjCSource) -> Bool {
        if source.isPunct(index - 1, "==") || source.isPunct(index - 1, "!=") || source.isPunct(index + 1, "==")
            || source.isPunct(index + 1, "!=")
        {
            return true
        }
        guard let group = KeychainQueryUse.enclosingGroup(of: index, in: source), source.isPunct(group, "["),
            let send = source.send(openingAt: group)
        else { return false }
        if let first = send.parts.first?.name, comparisons.contains(first) { return true }
        let selector = send.selector.lowercased()
        return selector.contains("namespace") || selector.contains("xmlns")
    }
}
