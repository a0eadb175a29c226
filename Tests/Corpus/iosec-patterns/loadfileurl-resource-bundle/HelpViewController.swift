import UIKit
import WebKit

final class HelpViewController: UIViewController {
    private let webView = WKWebView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view = webView
        guard let bundleURL = Bundle.main.url(forResource: "HelpPages", withExtension: "bundle"),
              let resourceBundle = Bundle(url: bundleURL),
              let url = resourceBundle.url(forResource: "index", withExtension: "html") else { return }
        webView.loadFileURL(url, allowingReadAccessTo: resourceBundle.bundleURL)
    }
}
