import UIKit
import WebKit

/// Shows the monthly account statement, rendered by the bank's web portal for the signed-in user. The session
/// cookie and the rendered statement stay in memory: nothing is left on disk after sign-out.
final class StatementViewController: UIViewController {
    private lazy var webView: WKWebView = {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        return WKWebView(frame: .zero, configuration: configuration)
    }()

    override func loadView() {
        view = webView
    }

    func show(month: String) {
        let url = AppConfig.apiBaseURL.appendingPathComponent("statements/\(month)")
        webView.load(URLRequest(url: url))
    }

    /// A portal page a link names is shown signed in only on the portal's own host: the session goes nowhere else.
    func showPortalPage(_ address: String, token: String) {
        guard let page = URL(string: address), page.scheme == "https", page.host == AppConfig.apiBaseURL.host else {
            return
        }
        var request = URLRequest(url: page)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        webView.load(request)
    }
}
