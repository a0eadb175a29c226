import UIKit
import WebKit

final class BrowserViewController: UIViewController {
    private let address: URL
    private var webView: WKWebView!

    init(address: URL) {
        self.address = address
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        let configuration = WKWebViewConfiguration()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = true
        webView = WKWebView(frame: .zero, configuration: configuration)
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        var request = URLRequest(url: address)
        if let session = SessionStore.shared.sessionToken {
            request.setValue("Bearer \(session)", forHTTPHeaderField: "Authorization")
        }
        webView.load(request)
    }
}
