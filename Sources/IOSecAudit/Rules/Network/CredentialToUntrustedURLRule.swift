import SwiftSyntax

/// `network.credential-to-untrusted-url`: a request that carries the app's credential (an `Authorization` header, a
/// token header, a cookie) to a URL whose host input from a stranger chose: a link's query or fragment, a web page's
/// script message, the pasteboard. Any link then sends the user's session to its own server.
struct CredentialToUntrustedURLRule: SwiftRule {
    static let description = RuleDescription(
        id: "network.credential-to-untrusted-url",
        title: "Credential sent to a URL that input chose",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-1",
        cwe: 601,
        owasp: OWASPReference("MASWE-0029", beta: "MASWE-0058", mastg: ["MASTG-TEST-0370", "MASTG-TEST-0371"], .close),
        rationale: """
            A deep link such as `myapp://open?page=https://evil.example/` is a URL anyone can make: a web page, a \
            message or another app opens it. When the app takes the address from the link and loads it with the \
            user's session token in an `Authorization` header (or a token header, or a cookie), the token goes to \
            whatever server the link named, and whoever made the link can act as the user. Where a request goes must \
            be decided by the app, not by the input it is handed.
            """,
        fix:
            "Send credentials only to hosts the app expects: build the URL from the app's own base and put the input in its path or query, or check the host against an allow-list before attaching the token; open other addresses without it (or in Safari).",
        fixExample: """
            guard let target = URL(string: page), let host = target.host, Self.apiHosts.contains(host) else {
                UIApplication.shared.open(URL(string: page)!)   // a stranger's address: no token
                return
            }
            var request = URLRequest(url: target)
            request.setValue("Bearer \\(session.token)", forHTTPHeaderField: "Authorization")
            """,
        triggeringExamples: [
            RuleExample(
                """
                func openDeepLink(_ link: URL) {
                    let items = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    guard let page = items.first(where: { $0.name == "page" })?.value, let target = URL(string: page)
                    else { return }
                    var request = URLRequest(url: target)
                    ↓request.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                    webView.load(request)
                }
                """,
                findings: [FindingSpec(severity: .high, message: "a URL's query")]),
            RuleExample(
                """
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let address = message.body as? String, let url = URL(string: address) else { return }
                    var request = URLRequest(url: url)
                    ↓request.addValue(apiKey, forHTTPHeaderField: "X-Api-Key")
                    URLSession.shared.dataTask(with: request).resume()
                }
                """,
                findings: [FindingSpec(message: "a web page's script message")]),
            // Through a property: the router stores the link's address, the screen sends the token to it.
            RuleExample(
                """
                final class Reader {
                    func route(_ link: URL) {
                        var query: [String: String] = [:]
                        for item in URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                            query[item.name] = item.value
                        }
                        guard let next = query["next"], let target = URL(string: next) else { return }
                        present(Screen(address: target))
                    }
                }
                final class Screen {
                    let address: URL
                    init(address: URL) { self.address = address }
                    func load() {
                        var request = URLRequest(url: address)
                        ↓request.setValue("Bearer \\(Session.token)", forHTTPHeaderField: "Authorization")
                        web.load(request)
                    }
                }
                """),
            // Objective-C: the link's query, decoded, becomes the request's URL.
            RuleExample(
                """
                - (void)openLink:(NSURL *)link {
                    NSString *target = [link.query stringByRemovingPercentEncoding];
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:target]];
                    ↓[request setValue:[NSString stringWithFormat:@"Bearer %@", self.accessToken] forHTTPHeaderField:@"Authorization"];
                    [[[NSURLSession sharedSession] dataTaskWithRequest:request] resume];
                }
                """, path: "App/LinkOpener.m", findings: [FindingSpec(message: "taken from a URL's query")])
        ],
        nonTriggeringExamples: [
            // Objective-C: the app's own server with the query as a parameter, and a link whose host is checked.
            RuleExample(
                """
                - (void)search:(NSURL *)link {
                    NSString *url = [NSString stringWithFormat:@"https://api.acme-corp.com/v1/search?q=%@", link.query];
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:url]];
                    [request setValue:self.authorization forHTTPHeaderField:@"Authorization"];
                }
                - (void)openLink:(NSURL *)link {
                    NSURL *target = [NSURL URLWithString:link.query];
                    if (![target.host isEqualToString:@"api.acme-corp.com"]) { return; }
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:target];
                    [request setValue:self.authorization forHTTPHeaderField:@"Authorization"];
                }
                """, path: "App/LinkOpener.m"),
            // The link chooses what to fetch, the app chooses where.
            RuleExample(
                """
                func openDeepLink(_ link: URL) {
                    let id = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    var request = URLRequest(url: URL(string: "https://api.acme-notes.com/notes/\\(id)")!)
                    request.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                    let base = URL(string: "https://api.acme-notes.com")!
                    var second = URLRequest(url: base.appendingPathComponent(id))
                    second.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                }
                """),
            // A host the handler checks; an address the user typed (a self-hosted server); a header with no credential.
            RuleExample(
                """
                func openDeepLink(_ link: URL) {
                    let page = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    guard let target = URL(string: page), target.host == "api.acme-notes.com" else { return }
                    var request = URLRequest(url: target)
                    request.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                }
                func connect() {
                    var request = URLRequest(url: URL(string: serverField.text ?? "")!)
                    request.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                }
                func preview(_ link: URL) {
                    let page = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    var request = URLRequest(url: URL(string: page)!)
                    request.setValue("text/html", forHTTPHeaderField: "Accept")
                }
                """),
            // A link the app was opened with, on its own verified domain.
            RuleExample(
                """
                func scene(_ scene: UIScene, continue activity: NSUserActivity) {
                    guard let url = activity.webpageURL else { return }
                    var request = URLRequest(url: url)
                    request.setValue("Bearer \\(session.accessToken)", forHTTPHeaderField: "Authorization")
                }
                """)
        ]
    )

    // `setValue` is common (key-value coding, UserDefaults); the header label is rare, and leaves most files unparsed.
    static let subscription = Subscription(
        calls: .labelled(["forHTTPHeaderField"]))

    /// Headers that carry a credential whatever value the code gives them.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let header = Self.credentialHeader(of: call, in: file), let base = call.calledBase,
            let url = Self.requestURL(of: base)
        else { return }
        guard let steps = UntrustedOrigin.trace(url, in: file, reach: .origin) else {
            // The URL kept in a property some other code fills, or made by another file's function.
            for (field, _) in FieldSink.embedded(in: url, ruleId: Self.description.id).prefix(1) {
                var sink = field
                sink.note = "a credential's destination"
                file.record(kind: FactKind.fieldSink, value: sink.factValue, at: url)
            }
            return
        }
        report(call, header: header, steps: steps + [file.step(at: url, "becomes the request's URL")], in: file)
    }

    private func report(_ call: FunctionCallExprSyntax, header: String, steps: [FlowStep], in file: SwiftFile) {
        reportFlow(
            file, at: call,
            "the request sends its '\(header)' header to an address taken from \(steps.first?.note ?? "input"): any link can name its own server and receive the credential; send credentials only to hosts the app expects",
            steps: steps, sink: "carries the '\(header)' header")
    }

    /// The header a `setValue(_:forHTTPHeaderField:)` / `addValue` call sets when it carries a credential: a
    /// credential header, a header named for a secret (`X-Api-Key`), or a value named for one.
    static func credentialHeader(of call: FunctionCallExprSyntax, in file: SwiftFile) -> String? {
        guard ["setValue", "addValue"].contains(call.calledName ?? ""),
            let field = call.argument("forHTTPHeaderField"), let value = call.arguments.first?.expression,
            let header = file.stringValue(of: field) ?? field.stringLiteralValue
        else { return nil }
        if credentialHeaders.contains(header.lowercased()) || Sensitivity.isSensitiveKey(header) { return header }
        return Sensitivity.sensitiveName(in: value) != nil ? header : nil
    }

    /// The URL a request local was made with: `var request = URLRequest(url: target)`.
    static func requestURL(of request: ExprSyntax) -> ExprSyntax? {
        guard let ref = request.unwrapped.as(DeclReferenceExprSyntax.self),
            let made = LocalValue.initializer(of: ref.baseName.text, before: ref)?.unwrapped
                .as(FunctionCallExprSyntax.self),
            ["URLRequest", "NSMutableURLRequest", "NSURLRequest"].contains(made.calledName ?? "")
        else { return nil }
        return made.argument("url")
    }

    /// The finding at a request whose URL a stored property holds, which the project fills with input (`steps`).
    static func indirectFinding(_ url: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String) {
        // The header call on the request made with this URL, in the same function.
        guard let made = url.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            let binding = made.parent?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let body = made.enclosingFunction?.body
        else { return }
        let calls = SyntaxSearch.all(FunctionCallExprSyntax.self, in: body) { call in
            call.position > made.position
                && call.calledBase?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        guard let call = calls.first(where: { credentialHeader(of: $0, in: file) != nil }),
            let header = credentialHeader(of: call, in: file)
        else { return }
        file.report(
            description, at: call,
            message:
                "the request sends its '\(header)' header to an address taken from \(steps.first?.note ?? "input"), \(via): any link can name its own server and receive the credential; send credentials only to hosts the app expects",
            evidence: .flow,
            flow: steps + [
                file.step(at: url, "becomes the request's URL"), file.step(at: call, "carries the '\(header)' header")
            ])
    }
}
