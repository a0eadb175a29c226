import IOSecCore
import SwiftSyntax

/// `platform.webview-html-injection`: what the user typed, or what a link carried, pasted into HTML or
/// JavaScript that a web view runs, or into HTML an attributed string imports.
struct WebViewHTMLInjectionRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.webview-html-injection",
        title: "Untrusted input in web view HTML or JavaScript",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-2",
        cwe: 79, owasp: OWASPReference("MASWE-0035", beta: "MASWE-0072", mastg: ["MASTG-TEST-0332"], .close),
        rationale: """
            HTML built by pasting in a text field's contents or a URL's query runs whatever markup and script the \
            input holds: `<img src=x onerror=…>` typed into a name field, or sent in a link, executes in the web view \
            with the page's origin, its cookies and every JavaScript bridge the app added. With `baseURL` set to a \
            file or the app's domain, the script also reads local files or talks to the API as the user. The same \
            goes for strings passed to `evaluateJavaScript`. An `NSAttributedString` made from HTML \
            (`.documentType: .html`) is rendered by WebKit too: a link's text shown in a label or alert can restyle \
            it into a fake prompt and makes the app fetch every image or style sheet the markup names.
            """,
        fix:
            "Escape input for HTML before inserting it (or set it as text through the DOM), and pass values to JavaScript as JSON arguments, not as code.",
        fixExample: """
            // Escape before inserting; pass data to scripts with callAsyncJavaScript's arguments.
            let safeName = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\\"", with: "&quot;")
            webView.loadHTMLString("<p>Hello \\(safeName)</p>", baseURL: nil)
            try await webView.callAsyncJavaScript("greet(name)", arguments: ["name": name], contentWorld: .defaultClient)
            """,
        triggeringExamples: [
            // An element of a script message's body; a fragment read through URLComponents.
            RuleExample(
                """
                final class Bridge: NSObject, WKScriptMessageHandler {
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                        guard let body = message.body as? [String: Any], let name = body["name"] as? String else { return }
                        webView.evaluateJavaScript(↓"render('\\(name)')")
                    }
                    func show(_ link: URL) {
                        let components = URLComponents(url: link, resolvingAgainstBaseURL: false)
                        webView.loadHTMLString(↓"<h1>\\(components?.fragment ?? "")</h1>", baseURL: nil)
                    }
                }
                """),
            // What a pattern binds from the body: a `switch` case, a `guard case`, a `for case` over a link's items.
            RuleExample(
                """
                final class Relay: NSObject, WKScriptMessageHandler {
                    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                        switch message.body {
                        case let text as String: webView.loadHTMLString(↓"<p>\\(text)</p>", baseURL: nil)
                        default: break
                        }
                        guard case let title as String = message.body else { return }
                        webView.evaluateJavaScript(↓"setTitle('\\(title)')")
                    }
                    func open(_ link: URL) {
                        for case let item in URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                            webView.loadHTMLString(↓"<b>\\(item.value ?? "")</b>", baseURL: nil)
                        }
                    }
                }
                """),
            // A downloaded page whose base is a path resolved against the page's own address.
            RuleExample(
                """
                func show(_ feed: URL) throws {
                    let page = try String(contentsOf: feed)
                    let pageURL = URL(string: page)
                    let base = URL(string: "/assets", relativeTo: pageURL)
                    webView.loadHTMLString(↓page, baseURL: base!)
                }
                """),
            // Bytes of the input loaded as an HTML page.
            RuleExample(
                """
                func show(_ link: URL) {
                    let body = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    webView.load(↓Data(body.utf8), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: nil)
                }
                """),
            // A `JSContext`, known by how it was made in a file that does not import JavaScriptCore.
            RuleExample(
                """
                func run(_ url: URL) {
                    let script = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    let context = JSContext()
                    _ = context?.evaluateScript(↓script)
                }
                """),
            RuleExample(
                """
                func showRelease(_ notesURL: URL) {
                    guard let page = try? String(contentsOf: notesURL) else { return }
                    webView.loadHTMLString(↓page, baseURL: nil)
                }
                """,
                findings: [FindingSpec(message: "text read from a URL or file is pasted into HTML")]),
            RuleExample(#"webView.loadHTMLString(↓"<p>Hi \(nameField.text!)</p>", baseURL: nil)"#),
            // A closure handed a downloaded script by the helper that calls it.
            RuleExample(
                """
                func withPluginScript(from url: URL, _ run: (String) -> Void) {
                    let script = (try? String(contentsOf: url)) ?? ""
                    run(script)
                }
                func loadPlugin(_ url: URL) {
                    withPluginScript(from: url) { source in
                        webView.evaluateJavaScript(↓source)
                    }
                }
                """),
            RuleExample(
                """
                - (void)showGreeting {
                    NSString *html = [NSString stringWithFormat:@"<h1>Hello %@</h1>", self.nameField.text];
                    [self.webView loadHTMLString:↓html baseURL:nil];
                }
                - (void)search {
                    [self.webView evaluateJavaScript:↓[@"runSearch('" stringByAppendingFormat:@"%@')", [self.searchBar text]]
                                   completionHandler:nil];
                }
                - (void)userContentController:(WKUserContentController *)controller
                      didReceiveScriptMessage:(WKScriptMessage *)message {
                    NSString *name = message.body;
                    [self.webView evaluateJavaScript:↓[NSString stringWithFormat:@"greet('%@')", name] completionHandler:nil];
                }
                - (BOOL)application:(UIApplication *)app openURL:(NSURL *)link options:(NSDictionary *)options {
                    [self.webView loadHTMLString:↓[NSString stringWithFormat:@"<p>%@</p>", link.fragment] baseURL:nil];
                    return YES;
                }
                """, path: "App/GreetingViewController.m"),
            RuleExample(
                """
                func showComment() {
                    let comment = commentTextView.text ?? ""
                    let page = "<html><body>" + comment + "</body></html>"
                    webView.loadHTMLString(↓page, baseURL: Bundle.main.bundleURL)
                }
                """),
            RuleExample(
                """
                func open(_ url: URL) {
                    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
                    let message = components?.queryItems?.first(where: { $0.name == "msg" })?.value ?? ""
                    webView.evaluateJavaScript(↓"showBanner('\\(message)')")
                }
                """),
            RuleExample(#"webView.loadHTMLString(↓String(format: "<h1>%@</h1>", searchBar.text ?? ""), baseURL: nil)"#),
            RuleExample(#"webView.loadHTMLString(↓messageTextView.text, baseURL: nil)"#),
            // HTML imported into an attributed string: through the app's own helper in another file, and in
            // Objective-C.
            RuleExample(files: [
                (
                    "App/Support/RichText.swift",
                    """
                    enum RichText {
                        static func fromMarkup(_ markup: String) -> NSAttributedString? {
                            try? NSAttributedString(
                                data: Data(markup.utf8), options: [.documentType: NSAttributedString.DocumentType.html],
                                documentAttributes: nil)
                        }
                    }
                    """
                ),
                (
                    "App/Routing/NoticeRouter.swift",
                    """
                    func showNotice(_ link: URL) {
                        let text = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                        banner.attributedText = ↓RichText.fromMarkup(text)
                    }
                    """
                )
            ]),
            RuleExample(
                """
                - (void)showNotice:(NSURL *)link {
                    NSDictionary *options = @{NSDocumentTypeDocumentAttribute: NSHTMLTextDocumentType};
                    self.banner.attributedText = [[NSAttributedString alloc] initWithData:↓[link.query dataUsingEncoding:NSUTF8StringEncoding]
                                                                                  options:options documentAttributes:nil error:nil];
                }
                """, path: "App/NoticeController.m",
                findings: [FindingSpec(message: "HTML an attributed string renders")])
        ],
        nonTriggeringExamples: [
            // The app's own markup imported as HTML, and input imported as plain text.
            RuleExample(
                """
                func showNotice(_ link: URL) throws {
                    let help = try NSAttributedString(
                        data: Data("<b>Need help?</b> Call us.".utf8), options: [.documentType: NSAttributedString.DocumentType.html],
                        documentAttributes: nil)
                    let text = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    let plain = try NSAttributedString(
                        data: Data(text.utf8), options: [.documentType: NSAttributedString.DocumentType.plain], documentAttributes: nil)
                    banner.attributedText = link.host == "notice" ? plain : help
                }
                """),
            // A number taken from the body carries no markup.
            RuleExample(
                """
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    switch message.body {
                    case let count as Int: webView.evaluateJavaScript("setBadge(\\(count))")
                    default: break
                    }
                }
                """),
            RuleExample(
                """
                func show(_ link: URL) {
                    let body = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    webView.load(Data(body.utf8), mimeType: "text/plain", characterEncodingName: "utf-8", baseURL: link)
                    webView.load(try! Data(contentsOf: Bundle.main.url(forResource: "help", withExtension: "html")!), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: Bundle.main.bundleURL)
                }
                """),
            RuleExample(
                """
                func run() {
                    let context = JSContext()
                    _ = context?.evaluateScript(try! String(contentsOf: Bundle.main.url(forResource: "rules", withExtension: "js")!))
                }
                """),
            // The helper calls the closure with the app's own script.
            RuleExample(
                """
                func withBundledScript(_ run: (String) -> Void) {
                    let script = "document.body.classList.add('dark')"
                    run(script)
                }
                func applyTheme() {
                    withBundledScript { source in
                        webView.evaluateJavaScript(source)
                    }
                }
                """),
            RuleExample(
                """
                func showRelease(_ notesURL: URL) {
                    // A page from the app's own server shown with a base the app chose.
                    guard let page = try? String(contentsOf: notesURL) else { return }
                    webView.loadHTMLString(page, baseURL: URL(string: "about:blank"))
                }
                """),
            RuleExample(
                """
                - (void)showGreeting {
                    NSString *name = [self.nameField.text stringByAddingPercentEncodingWithAllowedCharacters:allowed];
                    NSString *page = [NSString stringWithFormat:@"<h1>%@</h1>", self.title];
                    [self.webView loadHTMLString:page baseURL:nil];
                    [self.webView evaluateJavaScript:[NSString stringWithFormat:@"setName(decodeURIComponent('%@'))", name] completionHandler:nil];
                }
                - (void)userContentController:(WKUserContentController *)controller
                      didReceiveScriptMessage:(WKScriptMessage *)message {
                    [self.webView evaluateJavaScript:[NSString stringWithFormat:@"ack('%@')", message.name] completionHandler:nil];
                }
                """, path: "App/GreetingViewController.m"),
            RuleExample(#"webView.loadHTMLString("<p>Welcome</p>", baseURL: nil)"#),
            RuleExample(#"webView.loadHTMLString("<p>\(items.count) items</p>", baseURL: nil)"#),
            RuleExample(#"webView.loadHTMLString("<p>Hi \(nameField.text!.htmlEscaped)</p>", baseURL: nil)"#),
            RuleExample(
                """
                let html = try String(contentsOf: Bundle.main.url(forResource: "help", withExtension: "html")!)
                webView.loadHTMLString(html, baseURL: nil)
                webView.evaluateJavaScript("document.body.style.zoom = 1.5")
                """),
            RuleExample(#"webView.evaluateJavaScript("setTheme('\(theme.rawValue)')")"#)
        ]
    )

    /// The calls that take HTML or JavaScript.
    private static let sinks: Set<String> = [
        "loadHTMLString", "evaluateJavaScript", "stringByEvaluatingJavaScript", "callAsyncJavaScript", "evaluateScript",
        "WKUserScript"
    ]
    /// `load(_:mimeType:characterEncodingName:baseURL:)` (and UIWebView's `textEncodingName:`): `load` is too common a
    /// name, so the call reaches the rule by its label.
    static let subscription = Subscription(
        calls: .named(sinks.union(["NSAttributedString", "NSMutableAttributedString"]), orLabelled: ["mimeType"]))

    /// Calls that make text safe for HTML or a URL.
    static let escapingWords: Set<String> = [
        "escaped", "escape", "escaping", "encoded", "encoding", "sanitized", "sanitize", "percent"
    ]
    /// Members whose value the user or a link controls.
    private static let queryMembers: Set<String> = ["query", "queryItems", "fragment"]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard var name = call.calledName else { return }
        // HTML imported into an attributed string (`options: [.documentType: NSAttributedString.DocumentType.html]`)
        // is rendered by WebKit: a label or alert shows what the markup says and loads what it links.
        if name == "NSAttributedString" || name == "NSMutableAttributedString" {
            guard let data = call.argument("data"), Self.importsHTML(call) else { return }
            judge(
                Self.text(encodedIn: data), pastedInto: "HTML an attributed string renders", call: call, name: name,
                in: file)
            return
        }
        // Bytes loaded as an HTML page are HTML the web view renders.
        if name == "load" {
            guard let mime = call.argument("mimeType").flatMap(file.stringValue(of:)),
                mime.lowercased().contains("html")
            else { return }
            name = "loadHTMLString"
        }
        guard Self.sinks.contains(name),
            let content = name == "WKUserScript" ? call.argument("source") : call.arguments.first?.expression,
            name != "evaluateScript" || file.imports.contains("JavaScriptCore")
                || call.calledBase.flatMap(Sensitivity.declaredType(of:)) == "JSContext"
        else { return }
        let target = name == "loadHTMLString" ? "HTML the web view renders" : "JavaScript the web view runs"
        judge(content, pastedInto: target, call: call, name: name, in: file)
    }

    /// The text `Data(markup.utf8)` or `markup.data(using: .utf8)` encodes, so a helper's parameter is seen as itself.
    private static func text(encodedIn data: ExprSyntax) -> ExprSyntax {
        let e = data.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self) {
            if call.calledName == "Data", call.arguments.count == 1,
                let member = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "utf8", let base = member.base
            {
                return base
            }
            if call.calledName == "data", call.argument("using") != nil, let base = call.calledBase { return base }
        }
        return data
    }

    /// `options:` that import HTML: written in the call or in the local it names.
    private static func importsHTML(_ call: FunctionCallExprSyntax) -> Bool {
        guard var options = call.argument("options") else { return false }
        if let ref = options.unwrapped.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            options = value
        }
        let text = options.trimmedDescription
        return text.contains("documentType") && text.contains("html")
    }

    /// Reports `content` when input reaches it, here or through the app's helpers, properties and returns.
    private mutating func judge(
        _ content: ExprSyntax, pastedInto target: String, call: FunctionCallExprSyntax, name: String,
        in file: SwiftFile
    ) {
        if name != "WKUserScript", name != "evaluateScript", let source = Self.untrustedInput(in: content, depth: 0) {
            report(file, at: content, "\(source) is pasted into \(target); escape it or pass it as data")
        } else if let steps = UntrustedOrigin.trace(content, in: file),
            // A whole page from elsewhere shown with a base URL the app chose (`about:blank`, its bundle) runs with
            // that origin, not the app's files: only a page loaded with no base or a base from the same input is one.
            name != "loadHTMLString" || !Self.hasOwnBaseURL(call, in: file)
        {
            reportFlow(
                file, at: content,
                "\(steps.first?.note ?? "input") is pasted into \(target); escape it or pass it as data",
                steps: steps, sink: "handed to `\(call.calledName ?? name)`")
        } else if name != "loadHTMLString" || !Self.hasOwnBaseURL(call, in: file) {
            if var sink = ParameterSink.embedded(in: content, ruleId: Self.description.id) {
                // `func show(_ body: String) { web.loadHTMLString(head + body, baseURL: nil) }`: the app's own
                // helper; a caller in any file that passes input is a finding at its call (`CallerArgumentsStage`).
                sink.note = target
                file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: content)
            } else {
                // `loadHTMLString(entry.body, …)`: stored properties, written in any file; `Templates.page(body:)`
                // of another file: what it returns (`CallerArgumentsStage`).
                for (field, _) in FieldSink.embedded(in: content, ruleId: Self.description.id) {
                    var sink = field
                    sink.note = target
                    file.record(kind: FactKind.fieldSink, value: sink.factValue, at: content)
                }
                ReturnSink.record(content, ruleId: Self.description.id, note: target, in: file)
            }
        }
    }

    /// The finding at a sink whose value the project fills with input out of this file's sight (`steps`): a stored
    /// property some write fills (`entry.body`), or what a function of another file returns.
    static func indirectFinding(
        _ content: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String
    ) {
        file.report(
            description, at: content,
            message:
                "\(steps.first?.note ?? "input") is \(via) and pasted into \(note); escape it or pass it as data",
            evidence: .flow, flow: steps + [file.step(at: content, "pasted into \(note)")])
    }

    /// A finding at a call of the app's own helper that pastes a parameter into HTML or JavaScript, when the call
    /// passes input from outside: `Page.show(url.query)` when `show` loads its text with `loadHTMLString`.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        guard let steps = CallerArguments.untrustedSteps(to: argument, in: file) else { return }
        let pasted = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "pasted into \(sink.note)")
        file.report(
            description, at: call,
            message:
                "\(steps.first?.note ?? "input") is passed to `\(sink.function)`, which pastes it into \(sink.note) (\(sinkStep.file):\(sinkStep.line)); escape it or pass it as data",
            evidence: .flow, flow: steps + [file.step(at: argument, "passed to `\(sink.function)`"), pasted])
    }

    /// `baseURL:` set to something other than `nil`, a value traced to input or a folder of the app's data: a page
    /// with the Documents folder as its base reads the user's files.
    private static func hasOwnBaseURL(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let base = call.argument("baseURL"), !base.unwrapped.is(NilLiteralExprSyntax.self) else { return false }
        var made = base.unwrapped
        if let ref = made.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            made = value.unwrapped
        }
        let text = made.trimmedDescription
        if dataFolders.contains(where: text.contains) { return false }
        return UntrustedOrigin.trace(base, in: file) == nil
    }

    /// How code names the folders that hold the app's and the user's data.
    private static let dataFolders = [
        "documentDirectory", "documentsDirectory", "applicationSupportDirectory", "libraryDirectory", "NSHomeDirectory",
        "containerURL"
    ]

    /// What untrusted input an HTML or script string is built from ("'nameField' text", "a URL's query"), or nil.
    static func untrustedInput(in expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 5 else { return nil }
        let e = expr.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    let value = interpolation.expressions.first?.expression
                else { continue }
                if let found = inputSource(value, depth: depth + 1) { return found }
            }
            return nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            // "<p>" + comment + "</p>"
            for element in sequence.elements where !element.is(BinaryOperatorExprSyntax.self) {
                if let found = element.is(StringLiteralExprSyntax.self)
                    ? untrustedInput(in: element, depth: depth + 1) : inputSource(element, depth: depth + 1)
                {
                    return found
                }
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "String", call.argument("format") != nil {
            for argument in call.arguments.dropFirst() {
                if let found = inputSource(argument.expression, depth: depth + 1) { return found }
            }
            return nil
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            return untrustedInput(in: value, depth: depth + 1)
        }
        // The input itself as the page: `webView.loadHTMLString(commentField.text!, baseURL: nil)`.
        if depth == 0, e.is(MemberAccessExprSyntax.self) || e.is(SequenceExprSyntax.self) {
            return inputSource(e, depth: depth + 1)
        }
        return nil
    }

    /// Whether a value inserted into the string comes from a text input or a URL.
    private static func inputSource(_ expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 6 else { return nil }
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) { return untrustedInput(in: e, depth: depth + 1) }
        if SensitiveName.words(e.sourceText).contains(where: escapingWords.contains) { return nil }
        if let sequence = e.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            return inputSource(first, depth: depth + 1)  // `field.text ?? ""`
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if Sensitivity.inputTextMembers.contains(name), let base = member.base, let control = base.lastName,
                Self.isInputControl(control)
            {
                return "'\(control)' text"
            }
            if name == "value", member.base?.sourceText.contains("queryItems") == true { return "a URL's query" }
            if queryMembers.contains(name), member.base?.lastName.map({ $0.lowercased().hasSuffix("url") }) == true {
                return "a URL's \(name)"
            }
            if name == "value" || name == "text", let base = member.base { return inputSource(base, depth: depth + 1) }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `queryItems.first(where:)?.value`, `components.queryItems?.first { … }`
            if call.calledBase?.sourceText.contains("queryItems") == true { return "a URL's query" }
            return nil
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
            value.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        {
            return inputSource(value, depth: depth + 1)
        }
        return nil
    }

    /// `nameField`, `commentTextView`, `searchBar`, `messageInput`: a control the user types into.
    static func isInputControl(_ name: String) -> Bool {
        let words = SensitiveName.words(name)
        guard let last = words.last else { return false }
        return ["field", "textfield", "textview", "view", "bar", "searchbar", "input", "tf", "box", "editor", "entry"]
            .contains(last)
            && !(last == "view" && !words.contains("text"))
    }
}
