import SwiftUI
import WebKit

/// Renders a static snapshot of a linked page. Page scripts are disabled, nothing is
/// persisted, and any tap is handed to the system browser.
struct LinkPreviewView: UIViewRepresentable {
    let url: URL

    func makeCoordinator() -> Coordinator { Coordinator(origin: url) }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = false
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = false
        configuration.mediaTypesRequiringUserActionForPlayback = .all
        configuration.dataDetectorTypes = []

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.allowsLinkPreview = false
        webView.scrollView.isScrollEnabled = false
        webView.customUserAgent = "ParleyLinkPreview/1.0"
        webView.load(URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10))
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}

    static func dismantleUIView(_ webView: WKWebView, coordinator: Coordinator) {
        webView.stopLoading()
        webView.navigationDelegate = nil
    }

    final class Coordinator: NSObject, WKNavigationDelegate {
        private let origin: URL

        init(origin: URL) {
            self.origin = origin
        }

        @MainActor
        func webView(_ webView: WKWebView,
                     decidePolicyFor navigationAction: WKNavigationAction) async -> WKNavigationActionPolicy {
            guard let target = navigationAction.request.url, target.scheme?.lowercased() == "https" else {
                return .cancel
            }
            if navigationAction.navigationType == .linkActivated {
                _ = await UIApplication.shared.open(target)
                return .cancel
            }
            guard let frame = navigationAction.targetFrame else { return .cancel }
            // Sub-resources can come from anywhere; top-level navigation stays on the linked host.
            return !frame.isMainFrame || target.host() == origin.host() ? .allow : .cancel
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            webView.evaluateJavaScript("document.title") { result, _ in
                webView.accessibilityLabel = result as? String
            }
        }
    }
}
