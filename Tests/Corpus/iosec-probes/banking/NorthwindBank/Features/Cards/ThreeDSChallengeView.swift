import SwiftUI
import WebKit

enum ThreeDSOutcome: Equatable {
    case authenticated(transactionId: String)
    case failed
    case cancelled
}

@MainActor
final class AddCardViewModel: ObservableObject {
    @Published var pendingChallenge: ThreeDSecureRequirement?
    @Published private(set) var errorMessage: String?

    private let paybridge = PaybridgeClient()

    func add(_ card: CardDetails, customerReference: String) async {
        do {
            let token = try await paybridge.tokenize(card, customerReference: customerReference)
            AppLog.event(.cardTokenised)
            pendingChallenge = token.threeDSecure
        } catch {
            errorMessage = L10n.string("card.error.tokenise")
        }
    }

    func challengeFinished(_ outcome: ThreeDSOutcome) {
        pendingChallenge = nil
        AppLog.event(.threeDSCompleted)
        if outcome == .failed { errorMessage = L10n.string("card.error.3ds") }
    }
}

/// Hosts the issuer's 3-D Secure challenge page. JavaScript is required by ACS pages,
/// so the view is isolated instead: ephemeral data store, no popups, and navigation to
/// our notification URL is intercepted rather than loaded.
struct ThreeDSChallengeView: UIViewRepresentable {
    static let notificationURL = URL(string: "https://app.northwindbank.com/3ds/complete")!

    let challenge: ThreeDSecureRequirement
    let onFinish: (ThreeDSOutcome) -> Void

    func makeCoordinator() -> Coordinator {
        Coordinator(transactionId: challenge.transactionId, onFinish: onFinish)
    }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.defaultWebpagePreferences.allowsContentJavaScript = true
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = false
        configuration.allowsInlineMediaPlayback = false

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.allowsLinkPreview = false
        webView.allowsBackForwardNavigationGestures = false

        if let request = Self.challengeRequest(for: challenge) {
            webView.load(request)
        } else {
            DispatchQueue.main.async { onFinish(.failed) }
        }
        return webView
    }

    func updateUIView(_ uiView: WKWebView, context: Context) {}

    static func challengeRequest(for challenge: ThreeDSecureRequirement) -> URLRequest? {
        guard challenge.acsURL.scheme?.lowercased() == "https" else { return nil }
        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "creq", value: challenge.creq),
            URLQueryItem(name: "threeDSSessionData", value: challenge.transactionId),
        ]
        var request = URLRequest(url: challenge.acsURL)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = form.percentEncodedQuery?.data(using: .utf8)
        return request
    }

    final class Coordinator: NSObject, WKNavigationDelegate {
        private let transactionId: String
        private let onFinish: (ThreeDSOutcome) -> Void
        private var finished = false

        init(transactionId: String, onFinish: @escaping (ThreeDSOutcome) -> Void) {
            self.transactionId = transactionId
            self.onFinish = onFinish
        }

        func webView(
            _ webView: WKWebView,
            decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
        ) {
            guard let url = navigationAction.request.url else {
                decisionHandler(.cancel)
                return
            }
            if url.host == ThreeDSChallengeView.notificationURL.host,
               url.path == ThreeDSChallengeView.notificationURL.path {
                decisionHandler(.cancel)
                finish(.authenticated(transactionId: transactionId))
                return
            }
            decisionHandler(url.scheme?.lowercased() == "https" ? .allow : .cancel)
        }

        func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
            finish(.failed)
        }

        private func finish(_ outcome: ThreeDSOutcome) {
            guard !finished else { return }
            finished = true
            onFinish(outcome)
        }
    }
}
