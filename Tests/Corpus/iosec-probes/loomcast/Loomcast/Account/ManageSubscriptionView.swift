import os
import SwiftUI
import WebKit

/// Billing history and plan changes live on the website. It opens in an
/// isolated, non-persistent web view; the session is handed over with a
/// single-use code in a POST body, so nothing reusable lands in a URL.
struct ManageSubscriptionView: View {
    @EnvironmentObject private var env: AppEnvironment
    @Environment(\.dismiss) private var dismiss
    @State private var request: URLRequest?
    @State private var failure: String?

    private struct WebHandoff: Decodable { let code: String }

    var body: some View {
        NavigationStack {
            Group {
                if let request {
                    FirstPartyWebView(request: request, allowedHosts: env.config.allowedWebHosts)
                } else if let failure {
                    ContentUnavailableView(L10n.manageSubscription, systemImage: "exclamationmark.triangle", description: Text(failure))
                } else {
                    ProgressView()
                }
            }
            .navigationTitle(L10n.manageSubscription)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar { Button(L10n.done) { dismiss() } }
        }
        .task { await prepare() }
    }

    private func prepare() async {
        do {
            let handoff: WebHandoff = try await env.api.send(Endpoint(method: .post, path: "v1/web/handoff"))
            var form = URLComponents()
            form.queryItems = [URLQueryItem(name: "code", value: handoff.code), URLQueryItem(name: "next", value: "/account/subscription")]

            var request = URLRequest(url: env.config.webBaseURL.appending(path: "account/handoff"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data((form.percentEncodedQuery ?? "").utf8)
            self.request = request
        } catch {
            failure = error.localizedDescription
        }
    }
}

struct FirstPartyWebView: UIViewRepresentable {
    let request: URLRequest
    let allowedHosts: Set<String>

    func makeCoordinator() -> Coordinator { Coordinator(allowedHosts: allowedHosts) }

    func makeUIView(context: Context) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.limitsNavigationsToAppBoundDomains = true
        // The billing page is a single-page app and renders nothing without JS.
        configuration.defaultWebpagePreferences.allowsContentJavaScript = true
        configuration.preferences.javaScriptCanOpenWindowsAutomatically = false

        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = context.coordinator
        webView.uiDelegate = context.coordinator
        webView.allowsLinkPreview = false
        webView.load(request)
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}

    final class Coordinator: NSObject, WKNavigationDelegate, WKUIDelegate {
        private let allowedHosts: Set<String>

        init(allowedHosts: Set<String>) { self.allowedHosts = allowedHosts }

        private func isFirstParty(_ url: URL) -> Bool {
            guard url.scheme?.lowercased() == "https", let host = url.host()?.lowercased() else { return false }
            return allowedHosts.contains(host)
        }

        @MainActor
        func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async -> WKNavigationActionPolicy {
            guard let url = navigationAction.request.url else { return .cancel }
            if isFirstParty(url) || url.absoluteString == "about:blank" {
                return .allow
            }
            // “Manage in App Store”, help articles, etc. go to the system instead.
            if navigationAction.navigationType == .linkActivated, ["https", "itms-apps"].contains(url.scheme?.lowercased() ?? "") {
                await UIApplication.shared.open(url)
            }
            Logger.app.notice("Blocked web view navigation to \(url.host() ?? "-", privacy: .public)")
            return .cancel
        }

        func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
                     for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? {
            nil // no pop-ups
        }
    }
}
