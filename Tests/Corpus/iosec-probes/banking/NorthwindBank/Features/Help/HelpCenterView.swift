import SwiftUI
import WebKit

enum HelpTopic: String, CaseIterable, Identifiable, Hashable {
    case gettingStarted = "getting-started"
    case payments
    case cards
    case security
    case lostCard = "lost-card"
    case contact

    var id: String { rawValue }

    var title: String {
        L10n.string("help.topic.\(rawValue)")
    }

    /// Help articles ship inside the app bundle; nothing is fetched remotely.
    var bundledPageURL: URL? {
        Bundle.main.url(forResource: rawValue, withExtension: "html", subdirectory: "HelpPages")
    }
}

struct HelpCenterView: View {
    var body: some View {
        List(HelpTopic.allCases) { topic in
            NavigationLink(topic.title) {
                HelpArticleView(topic: topic)
            }
        }
        .navigationTitle(L10n.string("help.title"))
    }
}

struct HelpArticleView: View {
    let topic: HelpTopic

    var body: some View {
        if let url = topic.bundledPageURL {
            BundledPageView(fileURL: url).navigationTitle(topic.title)
        } else {
            ContentUnavailableView(L10n.string("help.unavailable"), systemImage: "questionmark.circle")
        }
    }
}

private struct BundledPageView: UIViewRepresentable {
    let fileURL: URL

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = false
        configuration.websiteDataStore = .nonPersistent()
        configuration.dataDetectorTypes = [.phoneNumber]

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.loadFileURL(fileURL, allowingReadAccessTo: fileURL.deletingLastPathComponent())
        return webView
    }

    func updateUIView(_ uiView: WKWebView, context: Context) {}

    final class Coordinator: NSObject, WKNavigationDelegate {
        private static let externalHosts: Set<String> = ["northwindbank.com", "www.northwindbank.com"]

        func webView(
            _ webView: WKWebView,
            decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            guard let url = navigationAction.request.url else {
                decisionHandler(.cancel)
                return
            }
            if url.isFileURL, url.path.hasPrefix(Bundle.main.bundleURL.path) {
                decisionHandler(.allow)
                return
            }
            decisionHandler(.cancel)
            guard navigationAction.navigationType == .linkActivated else { return }
            if url.scheme == "tel" || (url.scheme == "https" && Self.externalHosts.contains(url.host ?? "")) {
                UIApplication.shared.open(url)
            }
        }
    }
}
