import IOSecCore
import SwiftSyntax

/// `storage.webview-cache`: a web view that shows signed-in pages (sign-in, account, payment, statements) with the
/// default, persistent website data store, in a file that never clears it: its cookies, cache and local storage
/// stay on disk after the user signs out.
struct WebViewCacheRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.webview-cache",
        title: "Authenticated web pages cached on disk",
        severity: .low,
        confidence: .medium,
        masvs: "MASVS-STORAGE-1",
        cwe: 524, owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .close),
        rationale: """
            WKWebView's default website data store writes cookies, the HTTP cache, local storage and IndexedDB under \
            Library/WebKit and Library/Caches, where they survive sign-out, end up in backups and can be read from a \
            lost or jailbroken device. For a sign-in, account or payment page that means session cookies and \
            rendered account data at rest. A non-persistent store keeps them in memory only; otherwise the app must \
            delete them when the user signs out.
            """,
        fix:
            "Give web views that show signed-in content WKWebsiteDataStore.nonPersistent(), or remove the store's data (removeData(ofTypes:modifiedSince:)) on sign-out.",
        fixExample: """
            let configuration = WKWebViewConfiguration()
            configuration.websiteDataStore = .nonPersistent()
            let webView = WKWebView(frame: .zero, configuration: configuration)
            """,
        triggeringExamples: [
            RuleExample(
                """
                final class StatementViewController: UIViewController {
                    private let webView = ↓WKWebView()
                    func show(_ url: URL) { webView.load(URLRequest(url: url)) }
                }
                """),
            RuleExample(
                """
                final class CheckoutWebView: UIView {
                    func makeWebView() -> WKWebView {
                        let configuration = WKWebViewConfiguration()
                        configuration.allowsInlineMediaPlayback = true
                        return ↓WKWebView(frame: bounds, configuration: configuration)
                    }
                }
                """),
            RuleExample(
                """
                struct AccountPortalView: UIViewRepresentable {
                    func makeUIView(context: Context) -> WKWebView { ↓WKWebView(frame: .zero) }
                    func updateUIView(_ view: WKWebView, context: Context) {}
                }
                """),
            RuleExample(
                """
                @implementation ACMStatementViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    WKWebViewConfiguration *configuration = [[WKWebViewConfiguration alloc] init];
                    self.webView = [[↓WKWebView alloc] initWithFrame:self.view.bounds configuration:configuration];
                    [self.webView loadRequest:[NSURLRequest requestWithURL:self.statementURL]];
                }
                @end
                @implementation ACMPortalLoader
                - (WKWebView *)makeAccountWebView { return [↓WKWebView new]; }
                @end
                """, path: "App/ACMStatementViewController.m")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                final class LoginWebViewController: UIViewController {
                    private lazy var webView: WKWebView = {
                        let configuration = WKWebViewConfiguration()
                        configuration.websiteDataStore = .nonPersistent()
                        return WKWebView(frame: .zero, configuration: configuration)
                    }()
                }
                """),
            RuleExample(
                """
                final class AccountWebViewController: UIViewController {
                    private let webView = WKWebView()
                    func signOut() {
                        WKWebsiteDataStore.default().removeData(ofTypes: WKWebsiteDataStore.allWebsiteDataTypes(), modifiedSince: .distantPast) {}
                    }
                }
                """),
            RuleExample(
                """
                final class HelpViewController: UIViewController {
                    private let webView = WKWebView()
                }
                """),
            RuleExample(
                """
                // A captcha step of the sign-up flow: no account data on the page.
                struct AuthenticationRecaptchaWebView: UIViewRepresentable {
                    func makeUIView(context: Context) -> WKWebView { WKWebView() }
                }
                """),
            RuleExample(
                """
                @implementation ACMHelpViewController
                - (void)viewDidLoad { self.webView = [[WKWebView alloc] initWithFrame:self.view.bounds]; }
                @end
                """, path: "App/ACMHelpViewController.m"),
            RuleExample(
                """
                @implementation ACMLoginViewController
                - (void)viewDidLoad {
                    WKWebViewConfiguration *configuration = [[WKWebViewConfiguration alloc] init];
                    configuration.websiteDataStore = [WKWebsiteDataStore nonPersistentDataStore];
                    self.webView = [[WKWebView alloc] initWithFrame:self.view.bounds configuration:configuration];
                }
                @end
                """, path: "App/ACMLoginViewController.m"),
            RuleExample(
                """
                @implementation ACMCheckoutViewController
                - (void)viewDidLoad { self.webView = [[WKWebView alloc] initWithFrame:self.view.bounds]; }
                - (void)signOut {
                    [[WKWebsiteDataStore defaultDataStore] removeDataOfTypes:[WKWebsiteDataStore allWebsiteDataTypes]
                                                               modifiedSince:[NSDate distantPast] completionHandler:^{}];
                }
                @end
                """, path: "App/ACMCheckoutViewController.m")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["WKWebView", "removeData"]),
        references: ["nonPersistent", "websiteDataStore"],
        members: ["nonPersistent", "websiteDataStore"])

    /// Words in a type or function name that say the page shows a signed-in user's data.
    static let signedInWords: Set<String> = [
        "login", "logon", "signin", "auth", "authentication", "authorize", "oauth", "sso", "checkout", "payment",
        "payments", "banking", "statement", "statements", "account", "portal", "billing", "invoice", "invoices"
    ]

    /// Words that say the page is not the user's data even inside a sign-in flow: a captcha, terms, help.
    static let publicPageWords: Set<String> = [
        "captcha", "recaptcha", "terms", "privacy", "policy", "help", "support", "faq", "legal", "license", "licenses",
        "consent", "tos", "about", "onboarding"
    ]

    private var candidates: [(call: FunctionCallExprSyntax, context: String)] = []
    private var storeHandled = false

    /// A non-persistent or explicitly chosen store anywhere in the file (`nonPersistent`, `websiteDataStore`,
    /// the only names that reach this hook and the next).
    mutating func visit(_ reference: DeclReferenceExprSyntax, in file: SwiftFile) {
        storeHandled = true
    }

    /// `.nonPersistent()`, `configuration.websiteDataStore`: as above.
    mutating func visit(_ member: MemberAccessExprSyntax, in file: SwiftFile) {
        storeHandled = true
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        if call.calledName == "removeData" {
            storeHandled = true
        } else if call.calledExpression.is(DeclReferenceExprSyntax.self), let context = Self.signedInContext(of: call) {
            candidates.append((call, context))
        }
    }

    mutating func finish(in file: SwiftFile) {
        guard !storeHandled else { return }
        for candidate in candidates {
            report(
                file, at: candidate.call.calledExpression,
                "web view for \(candidate.context) uses the persistent default data store, and nothing here clears it; its cookies and cache stay on disk after sign-out: use .nonPersistent() or remove the data on sign-out"
            )
        }
    }

    /// The name of the enclosing type or function when it says signed-in content.
    static func signedInContext(of node: some SyntaxProtocol) -> String? {
        var names: [String] = []
        if let function = node.enclosingFunction { names.append(function.name.text) }
        if let type = SwiftFile.typeName(around: node) { names.append(type) }
        return signedInContext(names: names)
    }

    /// The first of a function's and its type's names that says signed-in content, unless one says a public page.
    static func signedInContext(names: [String]) -> String? {
        for name in names {
            let words = SensitiveName.words(name)
            if words.contains(where: publicPageWords.contains) { return nil }
            if words.contains(where: signedInWords.contains)
                || zip(words, words.dropFirst()).contains(where: { $0 == "sign" && $1 == "in" })
            {
                return "`\(name)`"
            }
        }
        return nil
    }
}
