#if canImport(WebKit) && canImport(UIKit)
import UIKit
import WebKit

/// A `WKNavigationDelegate` enforcing a ``WebNavigationPolicy``; external schemes open through `UIApplication`.
///
/// ```swift
/// let delegate = WebNavigationDelegate(policy: policy)
/// webView.navigationDelegate = delegate  // keep a strong reference: the web view's is weak
/// ```
@MainActor
@available(iOSApplicationExtension, unavailable)  // opens external links through UIApplication.shared
public final class WebNavigationDelegate: NSObject, WKNavigationDelegate {
    public let policy: WebNavigationPolicy
    public var onCancel: ((URL?, String) -> Void)?

    public init(policy: WebNavigationPolicy) {
        self.policy = policy
    }

    public func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let url = navigationAction.request.url
        switch policy.decide(url, isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true) {
        case .allow:
            decisionHandler(.allow)
        case .openExternally:
            if let url { UIApplication.shared.open(url) }
            decisionHandler(.cancel)
        case .cancel(let reason):
            onCancel?(url, reason)
            decisionHandler(.cancel)
        }
    }
}
#endif
