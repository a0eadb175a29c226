import UIKit
import WebKit

/// Shows the monthly account statement, rendered by the bank's web portal for the signed-in user.
final class StatementViewController: UIViewController {
    private let webView = WKWebView(frame: .zero)

    override func loadView() {
        view = webView
    }

    /// A page of the web portal the old website links to (`acmewallet://topup?statement=…`), shown signed in.
    var portalPage: URL?

    func show(month: String) {
        let url = AppConfig.apiBaseURL.appendingPathComponent("statements/\(month)")
        webView.load(URLRequest(url: url))
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard portalPage != nil, let token = try? TokenStore().refreshToken() else { return }
        var request = URLRequest(url: portalPage ?? AppConfig.apiBaseURL)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        webView.load(request)
    }
}
