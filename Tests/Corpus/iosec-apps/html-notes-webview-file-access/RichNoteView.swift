import SwiftUI
import WebKit

/// Renders a note's HTML body, with attachments resolved against the Documents folder.
struct RichNoteView: UIViewRepresentable {
    let markup: String

    private static let pageHead =
        "<meta name=\"viewport\" content=\"width=device-width\"><style>body{font:-apple-system-body}</style>"
    private static let offlineGuard = "window.fetch = () => Promise.reject(new Error('offline'));"

    func makeCoordinator() -> LinkPolicy {
        LinkPolicy()
    }

    func makeUIView(context: Context) -> WKWebView {
        let prefs = WKPreferences()
        prefs.javaScriptEnabled = true
        prefs.setValue(true, forKey: "allowFileAccessFromFileURLs")

        let config = WKWebViewConfiguration()
        config.preferences = prefs
        config.setValue(true, forKey: "allowUniversalAccessFromFileURLs")
        let guardScript = WKUserScript(source: Self.offlineGuard, injectionTime: .atDocumentStart,
                                       forMainFrameOnly: false)
        config.userContentController.addUserScript(guardScript)

        let view = WKWebView(frame: .zero, configuration: config)
        view.navigationDelegate = context.coordinator
        return view
    }

    func updateUIView(_ webView: WKWebView, context: Context) {
        let page = Self.pageHead + markup
        let attachments = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
        webView.loadHTMLString(page, baseURL: attachments)
    }
}

/// Keeps note pages offline: local and inline content only.
final class LinkPolicy: NSObject, WKNavigationDelegate {
    func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction,
                 decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
        switch action.request.url?.scheme {
        case "file", "about", "data":
            decisionHandler(.allow)
        default:
            decisionHandler(.cancel)
        }
    }
}

struct NoteScreen: View {
    let note: NotebookPage

    var body: some View {
        RichNoteView(markup: note.html)
            .navigationTitle(note.title)
            .navigationBarTitleDisplayMode(.inline)
    }
}
