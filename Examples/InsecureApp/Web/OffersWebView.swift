import SwiftUI
import WebKit

/// Shows a partner offer page. Offer URLs come from the `offers` endpoint.
struct OffersWebView: UIViewRepresentable {
    let offerURL: URL

    func makeCoordinator() -> Coordinator {
        Coordinator()
    }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = true
        // The bundled offline page loads its offer list with XHR from a file URL.
        configuration.preferences.setValue(true, forKey: "allowFileAccessFromFileURLs")

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.allowsBackForwardNavigationGestures = true
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {
        guard webView.url == nil, offerURL.scheme == "https" else { return }
        webView.load(URLRequest(url: offerURL))
    }

    final class Coordinator: NSObject, WKNavigationDelegate {
        func webView(
            _ webView: WKWebView,
            didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard let serverTrust = challenge.protectionSpace.serverTrust else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            // Partner pages are often on hosts with expired or mismatched certificates.
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        }

        func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
            guard let offlineURL = Bundle.main.url(forResource: "offers-offline", withExtension: "html") else { return }
            webView.loadFileURL(offlineURL, allowingReadAccessTo: Bundle.main.bundleURL)
        }
    }
}

extension OffersWebView.Coordinator {
    /// Partner offer pages draw their charts with WebAssembly, which Lockdown Mode blocks.
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
        preferences.isLockdownModeEnabled = false
        decisionHandler(.allow, preferences)
    }
}
