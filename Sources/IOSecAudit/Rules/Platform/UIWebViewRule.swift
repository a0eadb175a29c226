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
        let subject = name == "UIWebView" ? "UIWebView is" : "\(name) belongs to UIWebView, which is"
        report(
            file, at: node,
            "\(subject) deprecated, runs pages in the app's process with JavaScript always on, and App Store Connect rejects apps that use it (ITMS-90809); use WKWebView"
        )
    }
}
