import UIKit
import WebKit

final class GreetingViewController: UIViewController {
    @IBOutlet private var nameField: UITextField!
    @IBOutlet private var webView: WKWebView!

    @IBAction private func greet(_ sender: UIButton) {
        webView.loadHTMLString("<p>Hi \(nameField.text!)</p>", baseURL: nil)
    }
}
