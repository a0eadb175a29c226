import IOSecCore
import SwiftSyntax

/// `network.cleartext-url`: an `http://` URL literal for a non-local host, used as an endpoint.
struct CleartextURLRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.cleartext-url",
        title: "Cleartext http:// endpoint",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-NETWORK-1",
        cwe: 319, owasp: OWASPReference("MASWE-0026", beta: "MASWE-0050", mastg: ["MASTG-TEST-0321"], .exact),
        rationale: """
            Traffic to an http:// URL is readable and modifiable by anyone on the network path: public Wi-Fi, a \
            compromised router, a hostile carrier. Responses can be replaced with attacker content and any token or \
            personal data in the request is exposed. App Transport Security blocks such loads unless an exception \
            weakens it, so a cleartext endpoint usually also means a weakened Info.plist.
            """,
        fix:
            "Use https:// for every remote endpoint; keep http:// only for localhost and local-network development hosts.",
        fixExample: """
            let baseURL = URL(string: "https://api.example.com/v1")!
            """,
        triggeringExamples: [
            RuleExample(
                """
                static NSString *const kBaseURL = ↓@"http://api.acmebank.com/v1";
                """, path: "App/API.m",
                findings: [FindingSpec(severity: .medium, confidence: .low, message: "if the app loads it")]),
            RuleExample(
                """
                #ifdef DEBUG
                static NSString *const kStagingURL = ↓@"http://staging.acmebank.com/v1";
                #endif
                """, path: "App/API.m", options: ScanOptions(jobs: 1, includedContexts: [.debug]),
                findings: [FindingSpec(severity: .low, message: "only in debug builds")]),
            RuleExample(
                #"let loginURL = URL(string: ↓"http://api.acme-shop.com/v1/login")!"#,
                findings: [FindingSpec(severity: .medium, confidence: .low, message: "if the app loads it")]),
            RuleExample(
                """
                enum Endpoints {
                    static let assets = ↓"http://cdn.acme-shop.com/assets"
                }
                """, findings: [FindingSpec(severity: .medium, confidence: .low, message: "if the app loads it")]),
            RuleExample(
                """
                // Safari is not under the app's ATS: low.
                UIApplication.shared.open(URL(string: ↓"http://blog.acme-shop.com/posts/security")!)
                """, findings: [FindingSpec(severity: .low, message: "opened outside the app or shown")]),
            RuleExample(
                #"var request = URLRequest(url: URL(string: ↓"http://payments.acme-shop.com:8080/charge?amount=\(amount)")!)"#,
                findings: [FindingSpec(severity: .medium, confidence: .high, message: "is loaded by the app")]),
            RuleExample(#"webView.load(URLRequest(url: URL(string: ↓"HTTP://52.14.22.9/status")!))"#),
            RuleExample(
                """
                #if DEBUG
                // Reported at low, and only with --include-context debug: debug builds only.
                let apiBase = ↓"http://staging.acme-shop.com/api"
                #endif
                """, options: ScanOptions(jobs: 1, includedContexts: [.debug]),
                findings: [FindingSpec(severity: .low, message: "only in debug builds")])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                static NSString *const XMPPDiscoverItemsNamespace = @"http://jabber.org/protocol/disco#items";
                """, path: "App/XMPP.m"),
            RuleExample(
                """
                static NSString *const kBaseURL = @"https://api.acme-bank.example/v1";
                NSString *local = @"http://localhost:8080/debug";
                // NSString *old = @"http://api.acme-bank.example";
                #if 0
                NSString *dead = @"http://api.acme-bank.example";
                #endif
                NSString *ns = @"http://www.w3.org/2000/svg";
                """, path: "App/API.m"),
            RuleExample(
                """
                #if DEBUG
                let apiBase = URL(string: "http://localhost:8080/api")!
                #else
                let apiBase = URL(string: "https://api.acme-shop.com/api")!
                #endif
                let emulator = "http://10.0.2.2:3000"
                let loopback = "http://127.0.0.1:4000/health"
                let printer = URL(string: "http://printer.local/status")
                """),
            RuleExample(
                """
                let svgNamespace = "http://www.w3.org/2000/svg"
                let plistDoctype = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"
                let dublinCore = "http://purl.org/dc/elements/1.1/"
                let soapEnvelope = "http://schemas.xmlsoap.org/soap/envelope/"
                """),
            RuleExample(
                """
                // Old endpoint was http://api.acme-shop.com/v1 (retired in 2021).
                let baseURL = URL(string: "https://api.acme-shop.com/v1")!
                """),
            RuleExample(
                """
                if url.absoluteString.hasPrefix("http://") { upgradeToHTTPS(url) }
                let secure = link.replacingOccurrences(of: "http://", with: "https://")
                print("http://api.acme-shop.com is no longer supported")
                """),
            RuleExample(#"let url = URL(string: "http://\(discoveredHost)/status")"#),
            RuleExample(
                """
                - (void)readLinks:(NSArray<NSDictionary *> *)links {
                    // A WebFinger relation and an XML namespace are names, never loaded.
                    for (NSDictionary *link in links) {
                        if ([link[@"rel"] isEqual:@"http://openid.net/specs/connect/1.0/issuer"]) { [self useIssuer:link[@"href"]]; }
                    }
                    [request addNamespace:[ACMXMLNode namespaceWithName:@"oc" stringValue:@"http://owncloud.org/ns"]];
                }
                """, path: "App/ACMDiscovery.m")
        ]
    )

    /// Calls that take text, not an endpoint: logging, UI text, string tests and rewrites.
    private static let textSinks: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "log", "trace", "debug", "info", "notice", "warning", "error",
        "fault", "critical", "Text", "NSLocalizedString", "localizedString", "hasPrefix", "hasSuffix", "contains",
        "starts", "range", "replacingOccurrences", "components", "firstRange", "trimmingPrefix", "assert",
        "assertionFailure", "precondition", "preconditionFailure", "fatalError"
    ]
    private static let namespaceLabels: Set<String> = ["namespaceURI", "namespace", "xmlns", "qualifiedName"]
    /// Hosts that name XML namespaces, schemas and DTDs rather than servers the app talks to.
    private static let identifierHosts: Set<String> = [
        "www.w3.org", "w3.org", "purl.org", "xmlns.com", "json-schema.org", "ns.adobe.com", "www.opengis.net",
        "docs.oasis-open.org", "www.idpf.org", "relaxng.org", "www.xml.org", "xml.org", "www.openarchives.org"
    ]

    static let subscription = Subscription(
        // `http://` and one byte of host at least.
        literals: .atLeast(8, where: wantsLiteral))

    static func wantsLiteral(_ literal: LiteralCandidate) -> Bool { literal.firstSegmentHasPrefix("http://") }

    mutating func visit(_ literal: StringLiteralExprSyntax, in file: SwiftFile) {
        guard literal.firstSegmentHasPrefix("http://"), let first = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return }
        let text = first.content.text
        guard text.utf8.count > 7, text.prefix(7).lowercased() == "http://" else { return }
        // The host must be complete in the literal's first segment: `"http://\(host)/…"` says nothing.
        let hostIsComplete =
            literal.segments.count == 1
            || text.dropFirst(7).contains(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0 == ":" })
        guard hostIsComplete, let parts = Self.hostAndPath(String(text.dropFirst(7))),
            !Self.isLocal(parts.host), !Self.isIdentifier(host: parts.host, path: parts.path),
            !Self.isTextNotEndpoint(literal)
        else { return }
        let host = parts.host
        switch URLUse.of(literal) {
        case .request:
            report(
                file, at: literal,
                "cleartext http:// URL for '\(host)' is loaded by the app and can be read and changed on the network; use https://"
            )
        case .openedOrShown:
            // Safari and the user's browser are not under the app's ATS; the link is still better as https.
            report(
                file, at: literal,
                "http:// link to '\(host)' is opened outside the app or shown; prefer https:// so the user is not sent to a page anyone on the network can change",
                severity: .low)
        case .unknown:
            report(
                file, at: literal,
                "cleartext http:// URL for '\(host)' can be read and changed on the network if the app loads it; use https://",
                confidence: .low)
        }
    }

    /// The host a finding of this rule says the app requests in cleartext (`cleartext http:// URL for 'host' …`);
    /// nil for a link opened in the browser, which ATS does not govern.
    static func requestedHost(inMessage message: String) -> String? {
        guard message.hasPrefix("cleartext http:// URL for '"), let open = message.firstIndex(of: "'") else {
            return nil
        }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let host = rest[..<close]
        return host.isEmpty ? nil : String(host)
    }

    /// `user@host:port/path?q` → ("host", "/path?q"), host lowercased.
    static func hostAndPath(_ rest: String) -> (host: String, path: String)? {
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring
        if authority.first == "[" {
            host = authority[...(authority.firstIndex(of: "]") ?? authority.index(before: authority.endIndex))]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        guard !host.isEmpty else { return nil }
        return (host.lowercased(), String(rest[authorityEnd...]))
    }

    /// Loopback, link-local, private ranges, `.local`, unqualified names, and reserved documentation names.
    static func isLocal(_ host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host.hasSuffix(".local") || host == "[::1]"
            || host == "0.0.0.0"
        {
            return true
        }
        if !host.contains(".") { return true }  // unqualified: a machine on the local network
        for suffix in [".test", ".example", ".invalid", ".internal", ".lan", ".home.arpa"] where host.hasSuffix(suffix)
        {
            return true
        }
        for domain in ["example.com", "example.org", "example.net"] where host == domain || host.hasSuffix("." + domain)
        {
            return true
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard octets.count == 4, let a = octets[0], let b = octets[1], octets.allSatisfy({ $0 != nil }) else {
            return false
        }
        return a == 127 || a == 10 || (a == 192 && b == 168) || (a == 172 && (16...31).contains(b))
            || (a == 169 && b == 254)
    }

    static func isIdentifier(host: String, path: String) -> Bool {
        if identifierHosts.contains(host) || host.hasPrefix("schemas.") || host.hasPrefix("ns.") { return true }
        // XMPP namespaces (`http://jabber.org/protocol/disco#items`) name a protocol, they are never fetched.
        if host == "jabber.org" && path.hasPrefix("/protocol/") { return true }
        return path.hasPrefix("/DTDs/") || path.lowercased().hasSuffix(".dtd") || path.lowercased().hasSuffix(".xsd")
    }

    /// Logged or displayed text, a string test (`hasPrefix`, `==`), a `case` pattern, or an XML namespace.
    private static func isTextNotEndpoint(_ literal: StringLiteralExprSyntax) -> Bool {
        guard let parent = literal.parent else { return false }
        if let argument = parent.as(LabeledExprSyntax.self) {
            if let label = argument.label?.text, namespaceLabels.contains(label) { return true }
            if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let name = call.calledName {
                return textSinks.contains(name)
            }
            return false
        }
        if let list = parent.as(ExprListSyntax.self) {
            return list.contains { element in
                guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                return op == "==" || op == "!=" || op == "~="
            }
        }
        if let element = parent.as(DictionaryElementSyntax.self),
            element.value.id == literal.id,
            let key = element.key.stringLiteralValue, key.hasPrefix("xmlns")
        {
            return true
        }
        return parent.is(ExpressionPatternSyntax.self)
    }
}

/// How a URL literal is used, as far as the enclosing function shows: loaded by the app (a request, a web view
/// load), handed to the browser or shown, or not known.
enum URLUse {
    case request, openedOrShown, unknown

    private static let requestCalls: Set<String> = [
        "URLRequest", "NSURLRequest", "NSMutableURLRequest", "dataTask", "downloadTask", "uploadTask", "data",
        "download",
        "upload", "load", "loadRequest", "request", "bytes", "webSocketTask", "AsyncImage", "dataTaskPublisher",
        "sendAsynchronousRequest", "sendSynchronousRequest", "contentsOf", "Data", "get", "post", "fetch"
    ]
    private static let openCalls: Set<String> = [
        "open", "openURL", "SFSafariViewController", "Link", "canOpenURL", "Text", "setTitle", "safariViewController",
        "openInSafari", "openInBrowser", "presentSafari", "ShareLink", "UIActivityViewController", "NSAttributedString"
    ]
    /// Names of links for people: help pages, blog posts, legal text.
    private static let linkWords: Set<String> = [
        "blog", "help", "support", "privacy", "terms", "website", "homepage", "faq", "learn", "read", "more", "docs",
        "documentation", "link", "links", "about", "legal", "tos", "policy", "feedback", "twitter", "facebook", "store",
        "appstore", "review", "rate", "changelog", "license", "licence", "credits", "donate", "community", "forum"
    ]

    static func of(_ literal: StringLiteralExprSyntax) -> URLUse {
        // The calls the literal sits in, innermost first, up to its statement.
        var current = Syntax(literal).parent
        var name: String?
        while let node = current, !node.is(CodeBlockItemSyntax.self), !node.is(MemberBlockItemSyntax.self) {
            if let call = node.as(FunctionCallExprSyntax.self), let called = call.calledName {
                if openCalls.contains(called) { return .openedOrShown }
                if requestCalls.contains(called) { return .request }
            }
            if let binding = node.as(PatternBindingSyntax.self) {
                name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                break
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                name = function.name.text
                break
            }
            current = node.parent
        }
        guard let name else { return .unknown }
        if SensitiveName.words(name).contains(where: linkWords.contains) { return .openedOrShown }
        // A local: how is it used later in the same body?
        if let body = literal.enclosingBody {
            for token in body.tokens(viewMode: .sourceAccurate)
            where token.text == name && token.position > literal.position {
                var node = token.parent
                while let n = node, !n.is(CodeBlockItemSyntax.self) {
                    if let call = n.as(FunctionCallExprSyntax.self), let called = call.calledName {
                        if openCalls.contains(called) { return .openedOrShown }
                        if requestCalls.contains(called) { return .request }
                    }
                    node = n.parent
                }
            }
        }
        return .unknown
    }
}
