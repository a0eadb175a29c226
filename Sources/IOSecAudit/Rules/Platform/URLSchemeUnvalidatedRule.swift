import IOSecCore
import Foundation
import SwiftSyntax

/// `platform.url-scheme-unvalidated`: a handler for opened URLs (custom schemes, universal links) that acts on
/// the URL's query or path without checking where it came from or what it asks for.
struct URLSchemeUnvalidatedRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.url-scheme-unvalidated",
        title: "Opened URL acted on without validation",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-PLATFORM-1",
        cwe: 939,
        owasp: OWASPReference("MASWE-0029", beta: "MASWE-0058", mastg: ["MASTG-TEST-0370", "MASTG-TEST-0371"], .exact),
        rationale: """
            Any web page, message or other app can open a custom-scheme URL, and any app can claim the same scheme. \
            A handler that takes the URL's query or path and acts on it (calls a number, sends a message, moves money, \
            loads a page, logs in) does so for whoever crafted the link. Without a check of the host and path against \
            what the app expects, and a confirmation for anything with consequences, a link in a web page is enough.
            """,
        fix:
            "Parse the URL with URLComponents, accept only the hosts and paths you expect (an allow-list), validate every parameter, and ask the user before doing anything with consequences; prefer universal links for sign-in callbacks.",
        fixExample: """
            func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                      components.scheme == "acmewallet", components.host == "offers",
                      let id = components.queryItems?.first(where: { $0.name == "id" })?.value, id.allSatisfy(\\.isNumber)
                else { return false }
                router.showOffer(id: id)   // shows, never acts without the user
                return true
            }
            """,
        triggeringExamples: [
            // A switch over the path checks the path, not the query values acted on in its cases.
            RuleExample(
                """
                func openDeepLink(↓_ link: URL) {
                    let items = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    switch link.path {
                    case "/open": browser.open(items.first { $0.name == "page" }?.value ?? "")
                    default: break
                    }
                }
                """),
            // A switch that only logs leaves the acting call unchecked.
            RuleExample(
                """
                func handleDeepLink(↓_ url: URL) {
                    switch mode {
                    case .verbose: log(url)
                    default: break
                    }
                    router.open(path: url.path)
                }
                """),
            RuleExample(
                """
                func application(_ app: UIApplication, ↓open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    let number = items.first { $0.name == "phone" }?.value ?? ""
                    UIApplication.shared.open(URL(string: "tel://\\(number)")!)
                    return true
                }
                """),
            RuleExample(
                """
                func scene(_ scene: UIScene, ↓openURLContexts contexts: Set<UIOpenURLContext>) {
                    guard let url = contexts.first?.url, let query = url.query else { return }
                    transferService.send(parameters: query)
                }
                """),
            RuleExample(
                """
                private func handleDeeplink(↓_ url: URL) {
                    if url.lastPathComponent == "save", let name = queryValue(url, "name"), let data = queryData(url, "data") {
                        try? data.write(to: documents.appendingPathComponent(name))
                    }
                }
                """),
            RuleExample(
                """
                var body: some Scene {
                    WindowGroup { RootView() }
                        .onOpenURL { url in ↓webView.load(URLRequest(url: URL(string: url.query ?? "")!)) }
                }
                """),
            RuleExample(
                """
                // The host is checked, but the link alone moves money.
                private func handleDeeplink(↓url: URL) {
                    guard url.scheme == "wallet", url.host == "transfer" else { return }
                    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    performTransfer(to: items.first { $0.name == "to" }?.value, amount: items.first?.value)
                }
                """),
            RuleExample(
                """
                - (BOOL)application:(UIApplication *)app ↓openURL:(NSURL *)url options:(NSDictionary *)options {
                    NSString *number = [url query];
                    [[UIApplication sharedApplication] openURL:[NSURL URLWithString:[@"tel:" stringByAppendingString:number]]];
                    return YES;
                }
                - (void)handleDeepLink:(id)sender ↓url:(NSURL *)url {
                    if ([url.host isEqualToString:@"pay"]) { [self.wallet sendPayment:url.query]; }
                }
                """, path: "App/AppDelegate.m")
        ],
        nonTriggeringExamples: [
            // A parser's typed result switched over: only the forms its cases list are acted on.
            RuleExample(
                """
                func handleURL(_ url: URL) -> Bool {
                    switch DeepLink.parse(url.absoluteString) {
                    case .invite(let code): return inbox.accept(code)
                    case .unknown: return false
                    }
                }
                func handleDeepLink(_ url: URL) {
                    switch url.path {
                    case "/offers": router.show(.offers)
                    default: break
                    }
                }
                """),
            RuleExample(
                """
                - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
                    if (![url.scheme isEqualToString:@"acme"] || ![url.host isEqualToString:@"offers"]) { return NO; }
                    [self.router showOfferWithID:[url lastPathComponent]];
                    return YES;
                }
                - (void)handleDeepLink:(NSURL *)url {
                    if ([url.host isEqualToString:@"pay"]) { [self confirmPaymentFromLink:url.query]; }
                }
                - (void)openSettings:(NSURL *)url { [self.router route:url.path]; }
                - (BOOL)handleUniversalLinkURL:(NSURL *)link { return [self routeFragment:link.fragment]; }
                """, path: "App/AppDelegate.m"),
            RuleExample(
                """
                // The host is checked and the transfer is shown to the user, who confirms it.
                private func handleDeeplink(url: URL) {
                    guard url.scheme == "wallet", url.host == "transfer" else { return }
                    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
                    let alert = UIAlertController(title: "Send money?", message: nil, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "Send", style: .default) { _ in self.transferMoney(items) })
                    present(alert, animated: true)
                }
                // A checked host that opens a screen moves no money.
                func handleDeepLink(_ url: URL) {
                    guard url.host == "payments" else { return }
                    router.show(screen: url.lastPathComponent)
                }
                """),
            RuleExample(
                """
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                          components.host == "offers", let id = components.queryItems?.first?.value else { return false }
                    router.showOffer(id: id)
                    return true
                }
                """),
            RuleExample(
                """
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    GIDSignIn.sharedInstance.handle(url)
                }
                """),
            RuleExample(
                """
                .onOpenURL { url in router.handle(url) }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["onOpenURL"]),
        functions: wantsFunction(named:))

    /// What a handler reads when it acts on the URL's content.
    static let contentMembers: Set<String> = [
        "query", "queryItems", "path", "pathComponents", "fragment", "absoluteString", "parameterString",
        "lastPathComponent"
    ]
    /// Checks that validate where the URL points or what it asks for.
    static let checkMembers: Set<String> = [
        "host", "scheme", "hasPrefix", "starts", "allowedHosts", "isValid", "validate", "validated", "allowList",
        "whitelist",
        "allowlist", "isAllowed", "verify", "sourceApplication"
    ]

    mutating func visit(_ function: FunctionDeclSyntax, in file: SwiftFile) {
        guard let parameter = Self.urlParameter(of: function), let body = function.body else { return }
        if Self.actsUnchecked(on: body) {
            report(file, at: parameter, Self.message)
            // `if client.hasConnection(with: url) { … }`: a check may live in the function a condition calls, in
            // another file (`CalleeChecksStage`).
            let checks = Self.conditionCalls(in: body, passing: (parameter.secondName ?? parameter.firstName).text)
            if !checks.isEmpty {
                file.record(
                    kind: FactKind.deepLinkCheckCalls, value: checks.joined(separator: String(FactKind.separator)),
                    at: parameter)
            }
        } else if let action = Self.unconfirmedPayment(in: body) {
            report(file, at: parameter, Self.paymentMessage(action))
        }
    }

    /// Words of a call that moves money. A checked host does not make a link safe when the link alone can pay.
    static let paymentWords: Set<String> = [
        "transfer", "payment", "pay", "purchase", "withdraw", "withdrawal", "checkout", "remittance"
    ]
    /// What asks the user first.
    static let confirmationWords: Set<String> = [
        "UIAlertController", "alert", "confirmationDialog", "confirm", "confirmation", "presentAlert", "showAlert",
        "askUser", "requestConfirmation"
    ]

    /// A call in the handler, given the URL's query or path, named for moving money (`handleTransferDeeplink(
    /// queryItems:)`, `performPayment(amount:)`), with nothing in the handler that asks the user first.
    private static func unconfirmedPayment(in body: some SyntaxProtocol) -> String? {
        var readsContent = false
        var action: String?
        for token in body.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            if contentMembers.contains(text), token.parent?.parent?.is(MemberAccessExprSyntax.self) == true {
                readsContent = true
            }
            if confirmationWords.contains(text) || text.hasPrefix("confirm") { return nil }
            if action == nil, case .identifier = token.tokenKind,
                token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen,
                SensitiveName.words(text).contains(where: paymentWords.contains)
            {
                action = text
            }
        }
        return readsContent ? action : nil
    }

    static func paymentMessage(_ action: String) -> String {
        "values from the opened URL reach '\(action)' with no confirmation: any web page or app can open the link and move money; ask the user before acting"
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledName == "onOpenURL",
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            Self.actsUnchecked(on: closure.statements)
        else { return }
        // Report at the first statement: the closure is the handler.
        if let first = closure.statements.first { report(file, at: first, Self.message) }
    }

    static let message =
        "the opened URL's query or path is acted on without checking its host, path or values; validate against an allow-list and confirm with the user"

    /// The `open url:` / `openURLContexts` parameter of `application(_:open:options:)` and `scene(_:openURLContexts:)`.
    private static func urlParameter(of function: FunctionDeclSyntax) -> FunctionParameterSyntax? {
        let name = function.name.text
        if name == "application" || name == "scene" {
            return function.signature.parameterClause.parameters.first { parameter in
                let label = parameter.firstName.text
                return (label == "open" && parameter.type.sourceText == "URL") || label == "openURLContexts"
                    || label == "handleOpen"
            }
        }
        // The app's own deep-link entry points: `handleDeeplink(_ url: URL)`, `handleOpenURL(_:)`, `route(deepLink:)`.
        guard isDeepLinkHandlerName(name) else { return nil }
        return function.signature.parameterClause.parameters.first(where: { Self.isURLType($0.type) })
    }

    /// The delegate callbacks that open URLs, and the names of an app's own deep-link handlers.
    static func wantsFunction(named name: String) -> Bool {
        name == "application" || name == "scene" || isDeepLinkHandlerName(name)
    }

    private static func isDeepLinkHandlerName(_ name: String) -> Bool {
        // Every name below has `url` or `link` among its letters; most function names have neither, and splitting
        // a name into words costs an array of strings.
        guard mayMentionURLOrLink(name) else { return false }
        let words = SensitiveName.words(name)
        let joined = words.joined()
        return words.contains("deeplink") || (words.contains("deep") && words.contains("link"))
            || joined.contains("openurl") && words.first == "handle"
            || joined.hasPrefix("handleurl") || joined.hasPrefix("handleincomingurl")
            || (words.contains("universal") && words.contains("link"))
    }

    /// Whether `url` or `link` appears in the name's ASCII letters and digits, lowercased, with everything else left
    /// out (as `SensitiveName.words(name).joined()` would have them). Names with other characters may.
    static func mayMentionURLOrLink(_ name: String) -> Bool {
        var recent: UInt32 = 0  // the last four letters or digits, lowercased, the newest in the low byte
        for byte in name.utf8 {
            if byte >= 0x80 { return true }
            let lower = byte | 0x20
            let isLetter = lower >= 0x61 && lower <= 0x7A
            guard isLetter || (byte >= 0x30 && byte <= 0x39) else { continue }
            recent = recent << 8 | UInt32(isLetter ? lower : byte)
            if recent & 0xFF_FFFF == 0x75_726C || recent == 0x6C69_6E6B { return true }  // "url", "link"
        }
        return false
    }

    private static func isURLType(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text == "URL" }
        if let optional = type.as(OptionalTypeSyntax.self) { return isURLType(optional.wrappedType) }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isURLType(implicit.wrappedType) }
        return false
    }

    /// The functions an `if`, `guard` or `while` condition of the handler calls with the URL (`client.hasConnection(
    /// with: url)`), by name, at most four.
    static func conditionCalls(in body: some SyntaxProtocol, passing url: String) -> [String] {
        let calls = SyntaxSearch.all(FunctionCallExprSyntax.self, in: body) { call in
            guard
                call.arguments.contains(where: {
                    $0.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == url
                })
            else { return false }
            var node = call.parent
            while let current = node, !current.is(CodeBlockItemSyntax.self) {
                if current.is(ConditionElementSyntax.self) { return true }
                node = current.parent
            }
            return false
        }
        var names: [String] = []
        for name in calls.compactMap(\.calledName) where !names.contains(name) { names.append(name) }
        return Array(names.prefix(4))
    }

    /// Whether a function the handler's condition calls checks the URL itself: its body reads the host or scheme,
    /// or calls a check (`checkMembers`).
    static func checksURL(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        return body.tokens(viewMode: .sourceAccurate).contains { checkMembers.contains($0.text) }
    }

    /// Whether `token` is inside the subject of a `switch`.
    private static func isSwitchSubject(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node {
            if let parent = current.parent?.as(SwitchExprSyntax.self) { return parent.subject.id == current.id }
            if current.is(CodeBlockItemSyntax.self) || current.is(DeclSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// Reads the URL's content and hands it to code, with no host/scheme/path check anywhere in the handler.
    private static func actsUnchecked(on body: some SyntaxProtocol) -> Bool {
        var readsContent = false
        var readsContentOutsideSwitches = false
        var checks = false
        var calls = 0
        for token in body.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            if contentMembers.contains(text), token.parent?.parent?.is(MemberAccessExprSyntax.self) == true {
                readsContent = true
                if !isSwitchSubject(token) { readsContentOutsideSwitches = true }
            }
            if checkMembers.contains(text) { checks = true }
            if case .identifier = token.tokenKind, token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen {
                calls += 1
            }
        }
        // `switch Link.parse(url.absoluteString) { case .invite(let code): … }`, `switch url.path { case "/offers": … }`
        // with nothing else read from the URL: the handler acts only on the forms its cases list, an allow-list by
        // construction. A query read beside such a switch is still unchecked.
        let onlySwitchedOver = readsContent && !readsContentOutsideSwitches
        return readsContent && !checks && !onlySwitchedOver && calls > 0
    }
}
