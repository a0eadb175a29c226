import UIKit
import WebKit

/// Shows one journal entry; entries are written in HTML so they can carry formatting.
final class EntryViewController: UIViewController {
    private let entry: JournalEntry
    private let webView = WKWebView()
    private static let styleTag = "<style>body{font:-apple-system-body;margin:16px}</style>"

    init(entry: JournalEntry) {
        self.entry = entry
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func loadView() {
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = entry.heading
        let document = "<html><head>" + Self.styleTag + "</head><body>" + entry.body + "</body></html>"
        webView.loadHTMLString(document, baseURL: nil)
    }
}

/// New entry: a title field and a text view for the HTML body.
final class ComposeViewController: UIViewController {
    @IBOutlet private var headingField: UITextField!
    @IBOutlet private var bodyTextView: UITextView!

    @IBAction private func saveTapped(_ sender: UIBarButtonItem) {
        let heading = headingField.text ?? ""
        guard !heading.isEmpty, !bodyTextView.text.isEmpty else { return }
        JournalStore.shared.append(JournalEntry(heading: heading, body: bodyTextView.text, written: Date()))
        dismiss(animated: true)
    }
}
