import IOSecCore

/// `network.credential-to-untrusted-url` in Objective-C: `[request setValue:… forHTTPHeaderField:@"Authorization"]`
/// on a request made (`requestWithURL:`, `initWithURL:`) with a URL whose beginning a link's query or fragment or a
/// web page's script message chose (`ObjCUntrustedInput`): `[NSURL URLWithString:link.query]`, through locals,
/// `stringWithFormat:` whose format starts with the input, or `stringByAppendingString:` onto it. A URL that starts
/// with the app's own text (`@"https://api.acme.com/?q=%@"`) goes to the app's server; a method that reads a `host`
/// has checked it.
enum CredentialToUntrustedURLObjCMatcher: ObjCRule {
    static var description: RuleDescription { CredentialToUntrustedURLRule.description }

    static let requiredNames: Set<String>? = ["forHTTPHeaderField"]

    private static let input = ObjCUntrustedInput(sanitized: { _ in false })

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "setValue", "addValue")
        where send.selector == "setValue:forHTTPHeaderField:" || send.selector == "addValue:forHTTPHeaderField:" {
            guard let value = send.parts[0].argument, let field = send.parts[1].argument,
                let header = source.stringValue(of: field),
                CredentialToUntrustedURLRule.credentialHeaders.contains(header.lowercased())
                    || Sensitivity.isSensitiveKey(header) || source.sensitiveName(in: value) != nil,
                let body = source.body(containing: send.open), !checksHost(body, source),
                let url = requestURL(send.receiver, source, before: send.open),
                let origin = origin(url, source, before: send.open, depth: 0)
            else { continue }
            report(
                file, source, at: send.open,
                "the request sends its '\(header)' header to an address taken from \(origin): any link can name its own server and receive the credential; send credentials only to hosts the app expects"
            )
        }
    }

    /// The URL argument of the send that made the request local: `[NSMutableURLRequest requestWithURL:url]`.
    private static func requestURL(_ receiver: Range<Int>, _ source: ObjCSource, before use: Int) -> Range<Int>? {
        let names = source.identifiers(in: source.trimmedExpression(receiver))
        guard names.count == 1, let made = source.declaredValue(of: names[0], before: use) else { return nil }
        return source.sends.first {
            made.contains($0.open)
                && ($0.selector.hasPrefix("requestWithURL:") || $0.selector.hasPrefix("initWithURL:"))
        }?.parts.first?.argument
    }

    /// What input the beginning of the URL text in `range` is, or nil when the app wrote its beginning.
    private static func origin(_ range: Range<Int>, _ source: ObjCSource, before use: Int, depth: Int)
        -> String?
    {
        guard depth < 6 else { return nil }
        let r = source.trimmedExpression(range)
        if let send = source.send(openingAt: r.lowerBound), send.close == r.upperBound - 1 {
            if send.selector.hasPrefix("URLWithString:") || send.selector.hasPrefix("initWithString:") {
                return send.parts.first?.argument.flatMap { origin($0, source, before: use, depth: depth + 1) }
            }
            if send.selector.hasPrefix("stringWithFormat:") {
                // The format's own text comes first unless it starts with the conversion.
                guard let arguments = send.parts.first?.argument else { return nil }
                let parts = source.split(arguments)
                guard parts.count > 1, let format = source.stringValue(of: parts[0]), format.hasPrefix("%@") else {
                    return nil
                }
                return origin(parts[1], source, before: use, depth: depth + 1)
            }
            if send.selector == "stringByAppendingString:" || send.selector == "URLByAppendingPathComponent:" {
                return origin(send.receiver, source, before: use, depth: depth + 1)
            }
        }
        let names = source.identifiers(in: r)
        if names.count == 1, let value = source.declaredValue(of: names[0], before: use) {
            return origin(value, source, before: use, depth: depth + 1)
        }
        // A text control's text is the user's own choice of server, not a stranger's.
        guard let found = input.input(in: r, of: source, before: use), !found.hasPrefix("'") else { return nil }
        return found
    }

    /// Whether the method reads a URL's `host` (`[url.host isEqualToString:…]`): it has checked where it sends.
    private static func checksHost(_ body: ClosedRange<Int>, _ source: ObjCSource) -> Bool {
        body.contains { index in source.isIdentifier(index) && source.text(index) == "host" }
    }
}
