import SwiftUI
import UIKit
import WebKit

/// Hosts the issuer's 3-D Secure challenge page. Completes when the ACS redirects to the
/// configured return URL; the actual payment outcome is then fetched from the backend.
final class ThreeDSecureViewController: UIViewController {
    enum Outcome {
        case completed
        case cancelled
        case failed(Error)
    }

    private let challengeURL: URL
    private let returnURL: URL
    private let onFinish: (Outcome) -> Void
    private var didFinish = false

    private lazy var webView: WKWebView = {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = true
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.allowsBackForwardNavigationGestures = false
        webView.translatesAutoresizingMaskIntoConstraints = false
        return webView
    }()

    init(challengeURL: URL, returnURL: URL, onFinish: @escaping (Outcome) -> Void) {
        self.challengeURL = challengeURL
        self.returnURL = returnURL
        self.onFinish = onFinish
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("payment.3ds.title", comment: "")
        view.backgroundColor = .systemBackground
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [weak self] _ in
            self?.finish(.cancelled)
        })

        view.addSubview(webView)
        NSLayoutConstraint.activate([
            webView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            webView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            webView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            webView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])

        webView.load(URLRequest(url: challengeURL))
    }

    private func finish(_ outcome: Outcome) {
        guard !didFinish else { return }
        didFinish = true
        webView.stopLoading()
        onFinish(outcome)
    }
}

extension ThreeDSecureViewController: WKNavigationDelegate {
    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        if url.matches(returnURL) {
            decisionHandler(.cancel)
            finish(.completed)
            return
        }
        decisionHandler(url.scheme == "https" || url.scheme == "about" ? .allow : .cancel)
    }

    func webView(
        _ webView: WKWebView,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust
        else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // A number of smaller issuers' ACS hosts serve incomplete intermediate chains that
        // WebKit rejects (Safari recovers via AIA). Accept the presented chain so the
        // challenge page can render instead of dead-ending the checkout.
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        if (error as NSError).code == NSURLErrorCancelled { return }
        Log.payments.failure("3DS page load", error)
        finish(.failed(error))
    }
}

struct ThreeDSecureSheet: UIViewControllerRepresentable {
    let challengeURL: URL
    let returnURL: URL
    let onFinish: (ThreeDSecureViewController.Outcome) -> Void

    func makeUIViewController(context: Context) -> UINavigationController {
        UINavigationController(rootViewController: ThreeDSecureViewController(
            challengeURL: challengeURL,
            returnURL: returnURL,
            onFinish: onFinish
        ))
    }

    func updateUIViewController(_ uiViewController: UINavigationController, context: Context) {}
}
