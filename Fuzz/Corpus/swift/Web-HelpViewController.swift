import SwiftUI
import UIKit

/// The help centre, from the first version of the app.
final class HelpViewController: UIViewController {
    private let webView = UIWebView(frame: .zero)
    private let helpCentreURL = URL(string: "http://help.acmewallet.net/faq")!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = String(localized: "Help")
        view.backgroundColor = .systemBackground

        webView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(webView)
        NSLayoutConstraint.activate([
            webView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            webView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            webView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            webView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        webView.loadRequest(URLRequest(url: helpCentreURL))
    }

    /// Shows what the user searched for when nothing matched.
    func showNoResults(for searchField: UITextField) {
        webView.loadHTMLString("<h2>No results for \(searchField.text ?? "")</h2>", baseURL: nil)
    }
}

struct HelpView: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> HelpViewController {
        HelpViewController()
    }

    func updateUIViewController(_ controller: HelpViewController, context: Context) {}
}
