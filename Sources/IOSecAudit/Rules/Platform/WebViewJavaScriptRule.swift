import SwiftSyntax

/// `platform.webview-js`: JavaScript switched on in a web view that loads content decided at runtime or over
/// cleartext, and script message handlers that let page JavaScript call native code.
///
/// Decided per type: the assignments, loads and bridges of one class are collected during the walk and
/// judged together in `finish(in:)`.
struct WebViewJavaScriptRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.webview-js",
        title: "JavaScript enabled for untrusted web content",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-PLATFORM-2",
        cwe: 749, owasp: OWASPReference("MASWE-0035", beta: "MASWE-0071", mastg: ["MASTG-TEST-0332"], .close),
        rationale: """
            A web view that runs JavaScript and loads a URL chosen at runtime (a deep link, a server response, a \
            user's input) or over http:// runs whatever script that page carries inside the app. Script message \
            handlers go further: every page the web view shows can post messages to native code, so a compromised \
            or injected page can drive the bridge. Bundled, constant HTML carries no such risk.

            A handler in a file that reads the message's frame or origin (`frameInfo`, `securityOrigin`) is not \
            reported. A bridge is medium when the web view loads a page chosen at run time and the handler \
            (`userContentController(_:didReceive:)` or its `replyHandler:` form in the same file, or a same-file \
            function it calls) reaches files, the Keychain, defaults, the network, URL opening, the pasteboard or \
            personal data, or sends a credential back to the page. Otherwise \
            (the page is fixed, the handler only moves UI, or it is in another file) the bridge is reported with \
            low confidence: something to know about, shown with `--min-confidence low`.
            """,
        fix:
            "Turn JavaScript off unless the content is bundled or a fixed https:// page you control, and expose script message handlers only to such pages (check message.frameInfo.securityOrigin).",
        fixExample: """
            let configuration = WKWebViewConfiguration()
            configuration.defaultWebpagePreferences.allowsContentJavaScript = false
            let webView = WKWebView(frame: .zero, configuration: configuration)
            webView.load(URLRequest(url: URL(string: "https://help.example.com/faq")!))
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)showMessage:(NSString *)body {
                    WKPreferences *preferences = [[WKPreferences alloc] init];
                    ↓preferences.javaScriptEnabled = YES;
                    NSString *html = [NSString stringWithFormat:@"<p>%@</p>", body];
                    [self.webView loadHTMLString:html baseURL:nil];
                }
                """, path: "App/MessageViewController.m"),
            RuleExample(
                """
                final class ArticleViewController: UIViewController {
                    let webView = WKWebView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        ↓webView.configuration.preferences.javaScriptEnabled = true
                    }
                    func open(_ link: URL) {
                        webView.load(URLRequest(url: link))
                    }
                }
                """),
            // The navigation delegate cancels pages of other hosts, the first load included: low confidence.
            RuleExample(
                """
                final class BillingViewController: UIViewController, WKNavigationDelegate {
                    let webView = WKWebView()
                    func open(_ page: URL) {
                        ↓webView.configuration.defaultWebpagePreferences.allowsContentJavaScript = true
                        webView.navigationDelegate = self
                        webView.load(URLRequest(url: page))
                    }
                    func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction) async -> WKNavigationActionPolicy {
                        guard let url = action.request.url, isBillingPage(url) else { return .cancel }
                        return .allow
                    }
                    private func isBillingPage(_ url: URL) -> Bool { url.scheme == "https" && url.host == "billing.acme.example" }
                }
                """, findings: [FindingSpec(confidence: .low, message: "cancels navigations by host")]),
            RuleExample(
                """
                let configuration = WKWebViewConfiguration()
                ↓configuration.defaultWebpagePreferences.allowsContentJavaScript = true
                let webView = WKWebView(frame: .zero, configuration: configuration)
                webView.load(URLRequest(url: URL(string: "http://promo.acme-shop.com/spring")!))
                """),
            RuleExample(
                """
                final class CheckoutWebView: NSObject, WKScriptMessageHandler {
                    let webView: WKWebView
                    override init() {
                        let configuration = WKWebViewConfiguration()
                        webView = WKWebView(frame: .zero, configuration: configuration)
                        super.init()
                        ↓configuration.userContentController.add(self, name: "payments")
                        webView.load(URLRequest(url: URL(string: "https://acme-shop.com/checkout")!))
                    }
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
                }
                """,
                // A fixed https:// page, or content loaded elsewhere: a bridge to know about, low confidence.
                findings: [FindingSpec(confidence: .low, message: "script message handler 'payments'")]),
            RuleExample(
                """
                ↓contentController.addScriptMessageHandler(self, contentWorld: .page, name: "native")
                """, findings: [FindingSpec(confidence: .low, message: "script message handler 'native'")]),
            // A page chosen at run time can drive the bridge.
            RuleExample(
                """
                final class ArticleViewController: UIViewController, WKScriptMessageHandler {
                    let webView = WKWebView()
                    func show(_ article: Article) {
                        ↓webView.configuration.userContentController.add(self, name: "share")
                        webView.load(URLRequest(url: article.url))
                    }
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                        guard let link = message.body as? String, let url = URL(string: link) else { return }
                        openExternally(url)
                    }
                    private func openExternally(_ url: URL) {
                        UIApplication.shared.open(url)
                    }
                }
                """,
                findings: [
                    FindingSpec(
                        confidence: .medium,
                        message:
                            "lets any page this web view loads (a URL decided at runtime) call native code that opens URLs"
                    )
                ]),
            // A handler that replies with the user's access token, to whichever page or frame asks.
            RuleExample(
                """
                final class HelpViewController: UIViewController, WKScriptMessageHandlerWithReply {
                    let webView = WKWebView()
                    func show(_ article: URL) {
                        ↓webView.configuration.userContentController.addScriptMessageHandler(self, contentWorld: .page, name: "app")
                        webView.load(URLRequest(url: article))
                    }
                    func userContentController(
                        _ controller: WKUserContentController, didReceive message: WKScriptMessage,
                        replyHandler: @escaping (Any?, String?) -> Void
                    ) {
                        session.validAccessToken { token in replyHandler(["accessToken": token], nil) }
                    }
                }
                """,
                findings: [
                    FindingSpec(confidence: .medium, message: "call native code that hands 'accessToken' to the page")
                ]
            ),
            // The handler only records where the reader scrolled: a bridge to know about.
            RuleExample(
                """
                final class FeedArticleView: NSObject, WKScriptMessageHandler {
                    let webView = WKWebView()
                    var scrollY: Double = 0
                    func show(_ article: Article) {
                        ↓webView.configuration.userContentController.add(self, name: Messages.didScroll)
                        webView.loadHTMLString(article.renderedHTML, baseURL: nil)
                    }
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                        if message.name == Messages.didScroll { scrollY = message.body as? Double ?? 0 }
                    }
                }
                enum Messages { static let didScroll = "didScroll" }
                """,
                findings: [
                    FindingSpec(
                        confidence: .low,
                        message:
                            "'didScroll' lets any page this web view loads (HTML built at runtime) call native code; its handler here reaches no file"
                    )
                ])
        ],
        nonTriggeringExamples: [
            // The handler takes messages only from the app's own origin.
            RuleExample(
                """
                final class ArticleViewController: UIViewController, WKScriptMessageHandler {
                    let webView = WKWebView()
                    func show(_ article: Article) {
                        webView.configuration.userContentController.add(self, name: "share")
                        webView.load(URLRequest(url: article.url))
                    }
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                        guard message.frameInfo.isMainFrame, message.frameInfo.securityOrigin.host == "acme.example" else { return }
                        share(message.body)
                    }
                }
                """),
            RuleExample(
                """
                // A popup the app assembles from its own dictionary, based in its bundle: the bridge serves that page.
                final class EntryPopup: NSObject, WKScriptMessageHandler {
                    func makeWebView() -> WKWebView {
                        let controller = WKUserContentController()
                        controller.add(self, name: "dismiss")
                        let configuration = WKWebViewConfiguration()
                        configuration.userContentController = controller
                        return WKWebView(frame: .zero, configuration: configuration)
                    }
                    func show(_ entry: DictionaryEntry, in webView: WKWebView) {
                        webView.loadHTMLString(render(entry), baseURL: Bundle.main.resourceURL)
                    }
                    func userContentController(_ c: WKUserContentController, didReceive message: WKScriptMessage) {}
                }
                """),
            RuleExample(
                """
                - (void)showHelp {
                    WKPreferences *preferences = [[WKPreferences alloc] init];
                    preferences.javaScriptEnabled = YES;
                    NSURL *help = [[NSBundle mainBundle] URLForResource:@"help" withExtension:@"html"];
                    [self.webView loadFileURL:help allowingReadAccessToURL:help];
                    [self.webView loadRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:@"https://acme.example/help"]]];
                    [self.webView loadHTMLString:@"<p>Loading…</p>" baseURL:nil];
                }
                """, path: "App/HelpViewController.m"),
            RuleExample(
                """
                let configuration = WKWebViewConfiguration()
                configuration.defaultWebpagePreferences.allowsContentJavaScript = true
                let webView = WKWebView(frame: .zero, configuration: configuration)
                webView.loadHTMLString("<html><body><h1>Licenses</h1></body></html>", baseURL: nil)
                """),
            RuleExample(
                """
                final class HelpViewController: UIViewController {
                    let webView = WKWebView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        webView.configuration.preferences.javaScriptEnabled = true
                        webView.configuration.userContentController.add(self, name: "help")
                        if let page = Bundle.main.url(forResource: "help", withExtension: "html") {
                            webView.loadFileURL(page, allowingReadAccessTo: page)
                        }
                    }
                }
                """),
            RuleExample(
                """
                final class ReaderViewController: UIViewController {
                    let webView = WKWebView()
                    func show(_ article: URL) {
                        webView.configuration.defaultWebpagePreferences.allowsContentJavaScript = false
                        webView.load(URLRequest(url: article))
                    }
                }
                """),
            RuleExample(
                """
                let configuration = WKWebViewConfiguration()
                configuration.defaultWebpagePreferences.allowsContentJavaScript = true
                let webView = WKWebView(frame: .zero, configuration: configuration)
                webView.load(URLRequest(url: URL(string: "https://acme-shop.com/terms")!))
                """),
            RuleExample(#"notificationCenter.add(observer, name: "didLogin")"#)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["load", "loadHTMLString", "loadFileURL", "add", "addScriptMessageHandler"]),
        assignments: javaScriptSwitches)

    private enum Load {
        case bundled, constantHTTPS
        case untrusted(String)
    }

    private struct Scope {
        var enablesJavaScript: [Syntax] = []
        var disablesJavaScript = false
        /// `load…` calls, classified in `finish` and only where JavaScript or a bridge makes them matter: `load` is
        /// a common name, and classifying follows local values through the function body.
        var loads: [(name: String, call: FunctionCallExprSyntax)] = []
        var bridges: [(node: Syntax, name: String)] = []
    }

    /// Keyed by the enclosing type's offset (-1: top level).
    private var scopes: [Int: Scope] = [:]

    private static let javaScriptSwitches: Set<String> = ["javaScriptEnabled", "allowsContentJavaScript"]

    mutating func visit(_ seq: SequenceExprSyntax, in file: SwiftFile) {
        guard let assignment = seq.simpleAssignment, let target = assignment.target.lastName,
            Self.javaScriptSwitches.contains(target), let on = assignment.value.booleanLiteralValue
        else { return }
        if on {
            scopes[Self.key(seq), default: Scope()].enablesJavaScript.append(Syntax(seq))
        } else {
            scopes[Self.key(seq), default: Scope()].disablesJavaScript = true
        }
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        switch name {
        case "load", "loadHTMLString", "loadFileURL":
            guard !call.arguments.isEmpty else { return }
            scopes[Self.key(call), default: Scope()].loads.append((name, call))
        case "add", "addScriptMessageHandler":
            let labels = call.argumentLabels
            guard labels == ["_", "name"] || labels == ["_", "contentWorld", "name"],
                let base = call.calledBase, Self.isContentController(base)
            else { return }
            let bridge = call.argument("name").map { file.stringValue(of: $0) ?? $0.lastName ?? "handler" } ?? "handler"
            scopes[Self.key(call), default: Scope()].bridges.append((Syntax(call), bridge))
        default:
            return
        }
    }

    mutating func finish(in file: SwiftFile) {
        var found: [(node: Syntax, message: String, confidence: Confidence)] = []
        let handlerEffect =
            scopes.values.contains { !$0.bridges.isEmpty }
            ? ScriptHandlerEffect.of(handlersIn: file) : (found: false, value: nil)
        for scope in scopes.values where !scope.enablesJavaScript.isEmpty || !scope.bridges.isEmpty {
            let loads = scope.loads.compactMap { Self.classify(load: $0.name, call: $0.call, in: file) }
            let untrusted = loads.lazy.compactMap { load -> String? in
                if case .untrusted(let reason) = load { return reason }
                return nil
            }.first
            if let untrusted {
                let gate = Self.navigationGate(in: file)
                for site in scope.enablesJavaScript {
                    let message =
                        "JavaScript is enabled in a web view that loads \(untrusted); turn it off or load only bundled or fixed https:// content"
                    if let gate {
                        // The first load goes through the navigation policy too: the delegate picks the pages.
                        found.append(
                            (
                                site,
                                message
                                    + "; this file's navigation delegate (line \(gate)) cancels navigations by host, so check that it allows only the app's own pages",
                                .low
                            ))
                    } else {
                        found.append((site, message, .medium))
                    }
                }
            }
            let onlyBundled = !loads.isEmpty && loads.allSatisfy { if case .bundled = $0 { true } else { false } }
            // A handler that reads the message's frame or origin decides which pages may drive it.
            guard !scope.disablesJavaScript, !onlyBundled, !file.contains("securityOrigin"),
                !file.contains("frameInfo")
            else { continue }
            for bridge in scope.bridges {
                if let untrusted, let effect = handlerEffect.value {
                    found.append(
                        (
                            bridge.node,
                            "script message handler '\(bridge.name)' lets any page this web view loads (\(untrusted)) call native code that \(effect); restrict it to bundled content or check the frame's origin",
                            .medium
                        ))
                } else if let untrusted {
                    // The handler in this file does nothing a page could abuse, or it lives elsewhere.
                    let handler =
                        handlerEffect.found
                        ? "its handler here reaches no file, Keychain, defaults, network, URL-opening or pasteboard API"
                        : "its handler is not in this file"
                    found.append(
                        (
                            bridge.node,
                            "script message handler '\(bridge.name)' lets any page this web view loads (\(untrusted)) call native code; \(handler). Check the frame's origin before acting on a message",
                            .low
                        ))
                } else {
                    // What the web view loads is decided elsewhere: a bridge to know about, not yet a weakness.
                    found.append(
                        (
                            bridge.node,
                            "script message handler '\(bridge.name)' lets any page in this web view call native code; restrict it to bundled content or check the frame's origin",
                            .low
                        ))
                }
            }
        }
        for finding in found.sorted(by: { $0.node.position < $1.node.position }) {
            report(file, at: finding.node, finding.message, confidence: finding.confidence)
        }
    }

    /// The line of this file's `webView(_:decidePolicyFor:…)` when it cancels navigations by their host: directly
    /// (`url.host`) or through a function of the file it calls (`isFirstParty(url)`). Every load, the first included,
    /// asks it.
    private static func navigationGate(in file: SwiftFile) -> Int? {
        guard file.contains("decidePolicyFor"), file.contains(".cancel") else { return nil }
        let policies = SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree) { function in
            function.name.text == "webView"
                && function.signature.parameterClause.parameters.contains { $0.firstName.text == "decidePolicyFor" }
        }
        for policy in policies {
            guard let body = policy.body else { continue }
            let tokens = body.tokens(viewMode: .sourceAccurate).map(\.text)
            guard tokens.contains("cancel") else { continue }
            if tokens.contains("host") { return file.position(of: policy.name).line }
            let called = Set(
                SyntaxSearch.all(FunctionCallExprSyntax.self, in: body) { $0.calledBase == nil }.compactMap(
                    \.calledName))
            let checksHost = SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree) { called.contains($0.name.text) }
                .contains { $0.body?.tokens(viewMode: .sourceAccurate).contains { $0.text == "host" } == true }
            if checksHost { return file.position(of: policy.name).line }
        }
        return nil
    }

    private static func key(_ node: some SyntaxProtocol) -> Int {
        node.enclosingTypeDecl.map { $0.position.utf8Offset } ?? -1
    }

    private static func isContentController(_ base: ExprSyntax) -> Bool {
        if let name = base.lastName, name.lowercased().hasSuffix("contentcontroller") { return true }
        return LocalValue.origin(of: base)?.sourceText.contains("WKUserContentController") == true
    }

    private static func mentionsBundle(_ expr: ExprSyntax?) -> Bool {
        expr?.tokens(viewMode: .sourceAccurate).contains { $0.text == "Bundle" } == true
    }

    private static func classify(load name: String, call: FunctionCallExprSyntax, in file: SwiftFile) -> Load? {
        guard let first = call.arguments.first?.expression else { return nil }
        switch name {
        case "load":
            return call.arguments.count == 1 ? classify(request: first) : .untrusted("data built at runtime")
        case "loadHTMLString":
            if first.stringLiteralValue != nil || mentionsBundle(first) { return .bundled }
            // HTML traced to input is untrusted; HTML the app puts together itself with a base URL in its own
            // bundle (a dictionary popup, a formatted receipt) is the app's page, as bundled HTML is.
            if let steps = UntrustedOrigin.trace(first, in: file) {
                return .untrusted("HTML built from \(steps.first?.note ?? "input")")
            }
            return call.argument("baseURL").map(mentionsBundle) == true ? .bundled : .untrusted("HTML built at runtime")
        default:  // loadFileURL
            return mentionsBundle(first) || mentionsBundle(LocalValue.origin(of: first))
                ? .bundled : .untrusted("a file from outside the app bundle")
        }
    }

    /// `URLRequest(url: URL(string: "https://…")!)` → constant https; a bundle URL → bundled; anything else
    /// is decided at runtime.
    private static func classify(request: ExprSyntax, depth: Int = 0) -> Load {
        let e = request.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "URLRequest", let url = call.argument("url")
        {
            return classify(url: url, depth: depth)
        }
        if depth < 2, let origin = LocalValue.origin(of: e) {
            return classify(request: origin, depth: depth + 1)
        }
        return classify(url: e, depth: depth)
    }

    private static func classify(url: ExprSyntax, depth: Int) -> Load {
        let e = url.unwrapped
        if mentionsBundle(e) { return .bundled }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "URL",
            let text = call.argument("string")?.stringLiteralValue
        {
            let lowered = text.lowercased()
            if lowered.hasPrefix("https://") { return .constantHTTPS }
            return .untrusted(lowered.hasPrefix("http://") ? "a cleartext http:// page" : "'\(text)'")
        }
        if depth < 2, let origin = LocalValue.origin(of: e) {
            return classify(url: origin, depth: depth + 1)
        }
        return .untrusted("a URL decided at runtime")
    }
}
