import SwiftUI
import UIKit
import WebKit

final class DAppBrowserViewController: UIViewController {
    private let environment: AppEnvironment
    private let initialURL: URL
    private lazy var bridge = ProviderBridge(environment: environment)
    private var webView: WKWebView!
    private var titleObservation: NSKeyValueObservation?

    init(environment: AppEnvironment, url: URL) {
        self.environment = environment
        self.initialURL = url
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()

        let configuration = WKWebViewConfiguration()
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = false
        configuration.preferences.isFraudulentWebsiteWarningEnabled = true
        configuration.dataDetectorTypes = []

        let proxy = WeakScriptMessageHandler(target: bridge)
        let contentController = configuration.userContentController
        contentController.addUserScript(ProviderBridge.userScript(chainID: environment.selectedChain.id))
        contentController.add(proxy, contentWorld: .page, name: ProviderBridge.messageHandlerName)
        contentController.addScriptMessageHandler(proxy, contentWorld: .page, name: ProviderBridge.signingHandlerName)

        webView = WKWebView(frame: view.bounds, configuration: configuration)
        webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        webView.navigationDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        #if DEBUG
        webView.isInspectable = true
        #endif
        view.addSubview(webView)

        bridge.webView = webView
        bridge.delegate = self
        titleObservation = webView.observe(\.title) { [weak self] webView, _ in self?.title = webView.title }
        webView.load(URLRequest(url: initialURL))
    }

    deinit {
        webView?.configuration.userContentController.removeAllScriptMessageHandlers()
    }

    private func confirm(title: String, message: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: String(localized: "common.reject"), style: .cancel) { _ in
                continuation.resume(returning: false)
            })
            alert.addAction(UIAlertAction(title: String(localized: "common.approve"), style: .default) { _ in
                continuation.resume(returning: true)
            })
            present(alert, animated: true)
        }
    }
}

extension DAppBrowserViewController: ProviderBridgeDelegate {
    func bridge(_ bridge: ProviderBridge, requestConnectionFor origin: String) async -> Bool {
        await confirm(title: String(localized: "browser.connect.title"),
                      message: String(format: NSLocalizedString("browser.connect.message", comment: "%@ = origin"), origin))
    }

    func bridge(_ bridge: ProviderBridge, confirm transaction: EIP1559Transaction, origin: String) async -> Bool {
        let chain = ChainConfig.supported(id: transaction.chainID) ?? environment.selectedChain
        let message = String(
            format: NSLocalizedString("browser.tx.message", comment: "%1$@ origin, %2$@ amount, %3$@ recipient, %4$@ max fee"),
            origin,
            AmountFormatter.display(wei: transaction.value, chain: chain),
            transaction.to?.checksummed ?? "—",
            AmountFormatter.display(wei: transaction.maxCost - transaction.value, chain: chain)
        )
        return await confirm(title: String(localized: "browser.tx.title"), message: message)
    }

    func bridge(_ bridge: ProviderBridge, confirmMessage message: Data, origin: String) async -> Bool {
        await confirm(title: String(format: NSLocalizedString("browser.sign.title", comment: "%@ = origin"), origin),
                      message: String(data: message, encoding: .utf8) ?? message.prefixedHex)
    }
}

extension DAppBrowserViewController: WKNavigationDelegate {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        switch navigationAction.request.url?.scheme?.lowercased() {
        case "https", "about", "blob":
            decisionHandler(.allow)
        default:
            decisionHandler(.cancel)
        }
    }
}

/// WKUserContentController retains its handlers strongly; this breaks the cycle with the bridge.
final class WeakScriptMessageHandler: NSObject, WKScriptMessageHandler, WKScriptMessageHandlerWithReply {
    private weak var target: (WKScriptMessageHandler & WKScriptMessageHandlerWithReply)?

    init(target: WKScriptMessageHandler & WKScriptMessageHandlerWithReply) {
        self.target = target
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(controller, didReceive: message)
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        guard let target else { return replyHandler(nil, "Provider unavailable") }
        target.userContentController(controller, didReceive: message, replyHandler: replyHandler)
    }
}

// MARK: - SwiftUI

struct DAppDirectoryView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var router: DeepLinkRouter
    @State private var path: [URL] = []

    var body: some View {
        NavigationStack(path: $path) {
            List(DAppAllowlist.entries) { entry in
                NavigationLink(value: entry.url) {
                    VStack(alignment: .leading) {
                        Text(entry.name)
                        Text(entry.host).font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle("browser.title")
            .navigationDestination(for: URL.self) { url in
                BrowserContainer(environment: environment, url: url).ignoresSafeArea(edges: .bottom)
            }
            .onChange(of: router.browserURL) { _, url in
                guard let url else { return }
                path = [url]
                router.browserURL = nil
            }
        }
    }
}

private struct BrowserContainer: UIViewControllerRepresentable {
    let environment: AppEnvironment
    let url: URL

    func makeUIViewController(context: Context) -> DAppBrowserViewController {
        DAppBrowserViewController(environment: environment, url: url)
    }

    func updateUIViewController(_ controller: DAppBrowserViewController, context: Context) {}
}
