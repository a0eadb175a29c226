import IOSecKit
import SwiftUI
import UIKit
import WebKit

/// Shows a partner offer page. Offer URLs come from the `offers` endpoint, so they are checked
/// against an allow-list, and the pages run without JavaScript or persistent website data.
struct OffersWebView: UIViewRepresentable {
    let offerURL: URL

    /// HTTPS only, offers host only (IOSecKit's WebNavigationPolicy).
    static func isAllowed(_ url: URL) -> Bool {
        SecurityServices.shared.offersNavigation.decide(url) == .allow
    }

    func makeCoordinator() -> Coordinator {
        Coordinator()
    }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = false
        configuration.websiteDataStore = .nonPersistent()

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.allowsBackForwardNavigationGestures = true
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {
        guard webView.url == nil, Self.isAllowed(offerURL) else { return }
        webView.load(URLRequest(url: offerURL))
    }

    final class Coordinator: NSObject, WKNavigationDelegate {
        func webView(
            _ webView: WKWebView,
            decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            guard let url = navigationAction.request.url else {
                decisionHandler(.cancel)
                return
            }
            if OffersWebView.isAllowed(url) {
                decisionHandler(.allow)
                return
            }
            // Links to other https sites open in Safari, outside the app.
            if navigationAction.navigationType == .linkActivated, url.scheme == "https" {
                UIApplication.shared.open(url)
            }
            decisionHandler(.cancel)
        }
    }
}
