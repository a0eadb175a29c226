import SafariServices
import SwiftUI
import UIKit
import WebKit

/// In-app browser for voyage.travel content: help centre articles, fare rules, destination
/// guides and partner offers. Pages can pick up the signed-in session through the bridge so
/// users aren't asked to log in a second time on the web.
final class InAppBrowserViewController: UIViewController {
    private let initialURL: URL
    private let tokens: SessionTokenStore
    private let router = ScriptMessageRouter()
    private var titleObservation: NSKeyValueObservation?

    private lazy var webView: WKWebView = {
        let configuration = WKWebViewConfiguration()
        configuration.applicationNameForUserAgent = "VoyageApp/\(Bundle.main.releaseName)"
        router.install(into: configuration.userContentController)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        return webView
    }()

    init(url: URL, tokens: SessionTokenStore) {
        self.initialURL = url
        self.tokens = tokens
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
            self?.dismiss(animated: true)
        })
        titleObservation = webView.observe(\.title, options: .new) { [weak self] webView, _ in
            self?.navigationItem.title = webView.title
        }

        registerBridgeActions()
        webView.load(URLRequest(url: initialURL))
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isBeingDismissed {
            router.uninstall(from: webView.configuration.userContentController)
        }
    }

    private func registerBridgeActions() {
        router.register(BridgeAction(action: "session") { [tokens] _ in
            guard let accessToken = tokens.accessToken else { return ["signedIn": false] }
            return ["signedIn": true, "accessToken": accessToken]
        })
        router.register(BridgeAction(action: "close") { [weak self] _ in
            self?.dismiss(animated: true)
            return nil
        })
    }

    private func isVoyageHost(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "voyage.travel" || host.hasSuffix(".voyage.travel")
    }
}

extension InAppBrowserViewController: WKNavigationDelegate {
    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        // Tapped links that leave our site open in Safari View Controller.
        if navigationAction.navigationType == .linkActivated, !isVoyageHost(url) {
            decisionHandler(.cancel)
            if url.scheme == "https" || url.scheme == "http" {
                present(SFSafariViewController(url: url), animated: true)
            }
            return
        }
        decisionHandler(url.scheme == "https" ? .allow : .cancel)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: Error) {
        Log.web.failure("In-app browser navigation", error)
    }
}

struct InAppBrowserView: UIViewControllerRepresentable {
    let url: URL
    let tokens: SessionTokenStore

    func makeUIViewController(context: Context) -> UINavigationController {
        UINavigationController(rootViewController: InAppBrowserViewController(url: url, tokens: tokens))
    }

    func updateUIViewController(_ uiViewController: UINavigationController, context: Context) {}
}
