import UIKit
import WebKit

/// Shows the monthly account statement, rendered by the bank's web portal for the signed-in user.
final class StatementViewController: UIViewController {
    private let webView = WKWebView(frame: .zero)

    override func loadView() {
        view = webView
    }

    func show(month: String) {
        let url = AppConfig.apiBaseURL.appendingPathComponent("statements/\(month)")
        webView.load(URLRequest(url: url))
    }
}
