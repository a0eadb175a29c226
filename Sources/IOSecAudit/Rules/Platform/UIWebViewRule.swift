import SwiftSyntax

/// `platform.uiwebview`: any use of the deprecated `UIWebView`.
struct UIWebViewRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.uiwebview",
        title: "UIWebView is used",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-2",
        cwe: 749, owasp: OWASPReference("MASWE-0035", beta: "MASWE-0071", mastg: ["MASTG-TEST-0331"], .exact),
        rationale: """
            UIWebView is deprecated since iOS 12 and rejected by App Review. It cannot disable JavaScript, runs \
            web content in the app's own process, and offers no per-navigation control, so a compromised page \
            reaches the app's memory and its JavaScript bridges.
            """,
        fix: "Use WKWebView with a WKWebViewConfiguration that allows only what the content needs.",
        fixExample: """
            let configuration = WKWebViewConfiguration()
            configuration.defaultWebpagePreferences.allowsContentJavaScript = false
            let webView = WKWebView(frame: .zero, configuration: configuration)
            """,
        triggeringExamples: [
            RuleExample(
                """
                @interface HelpViewController ()
                @property (nonatomic, strong) ↓UIWebView *webView;
                @end
                """, path: "App/HelpViewController.m"),
            RuleExample("let webView = ↓UIWebView(frame: .zero)"),
            RuleExample(
                """
                final class HelpViewController: UIViewController {
                    @IBOutlet var webView: ↓UIWebView!
                }
                """),
            // Made only to read the default user agent: no page runs in it, but App Store Connect rejects it.
            RuleExample(
                """
                func defaultUserAgent() -> String? {
                    let probe = ↓UIWebView(frame: .zero)
                    return probe.stringByEvaluatingJavaScript(from: "navigator.userAgent")
                }
                """, findings: [FindingSpec(severity: .low, message: "loads no page")]),
            RuleExample(
                """
                func showHelp(in view: UIView) {
                    let help = ↓UIWebView(frame: view.bounds)
                    help.loadRequest(URLRequest(url: helpURL))
                    let shown = ↓UIWebView(frame: view.bounds)
                    view.addSubview(shown)
                }
                """),
            RuleExample(
                """
                extension LegacyBrowser: ↓UIWebViewDelegate {
                    func webViewDidFinishLoad(_ webView: ↓UIWebView) {}
                }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                @property (nonatomic, strong) WKWebView *webView;
                // Replaced UIWebView with WKWebView in 2019.
                NSString *name = @"UIWebView";
                """, path: "App/HelpViewController.m"),
            RuleExample("let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())"),
            RuleExample(
                """
                // Migrated from UIWebView to WKWebView in 4.2.
                let webView = WKWebView()
                """),
            RuleExample(#"logger.info("UIWebView support removed")"#),
            RuleExample("let uiWebViewMigrationDone = true")
        ]
    )

    static let subscription = Subscription(
        references: names,
        types: names)
    static let names: Set<String> = ["UIWebView", "UIWebViewDelegate"]

    /// One finding per line is enough: `var w: UIWebView = UIWebView()` is one mistake.
    private var reportedLines: Set<Int> = []

    mutating func visit(_ type: IdentifierTypeSyntax, in file: SwiftFile) {
        check(type, named: type.name.text, in: file)
    }

    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        check(reference, named: reference.baseName.text, in: file)
    }

    private mutating func check(_ node: some SyntaxProtocol, named name: String, in file: SwiftFile) {
        guard Self.names.contains(name) else { return }
        let line = file.position(of: node).line
        guard reportedLines.insert(line).inserted else { return }
        if let probe = Self.contentlessInstance(made: node) {
            // No page runs in it: what is left is the deprecated API that App Store Connect rejects.
            report(
                file, at: node,
                "`\(probe)` is a UIWebView that loads no page (it is used only through its own members here), so no web content runs in it; App Store Connect still rejects apps that use UIWebView (ITMS-90809): use WKWebView",
                severity: .low)
            return
        }
        let subject = name == "UIWebView" ? "UIWebView is" : "\(name) belongs to UIWebView, which is"
        report(
            file, at: node,
            "\(subject) deprecated, runs pages in the app's process with JavaScript always on, and App Store Connect rejects apps that use it (ITMS-90809); use WKWebView"
        )
    }

    /// Calls that put a page into a UIWebView.
    private static let loads: Set<String> = ["loadRequest", "loadHTMLString", "loadData", "load"]

    /// The local `probe` in `let probe = UIWebView(frame: .zero)` when its function uses it only through its own
    /// members and none of them loads a page (reading `navigator.userAgent` with `stringByEvaluatingJavaScript`):
    /// it is never shown, handed on or given content.
    private static func contentlessInstance(made node: some SyntaxProtocol) -> String? {
        guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
            let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let body = call.enclosingBody
        else { return nil }
        let uses = SyntaxSearch.all(
            DeclReferenceExprSyntax.self, in: body, where: { $0.baseName.text == name && $0.position > call.position })
        // An instance never used says nothing of what it is for.
        guard !uses.isEmpty else { return nil }
        for use in uses {
            guard let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id,
                !loads.contains(member.declName.baseName.text)
            else { return nil }
        }
        return name
    }
}
