import SwiftUI
import UIKit
import WebKit

private struct ChatToken: Decodable {
    let token: String
    let expiresAt: Date
}

private struct AttachmentSlot: Decodable {
    let uploadUrl: URL
    let attachmentId: String
}

/// Hosts the support chat widget (served from chat.voyage.travel). The widget authenticates the
/// customer with a short-lived chat token minted by the backend, not with the app session.
final class SupportChatViewController: UIViewController {
    private let widgetURL: URL
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let router: ScriptMessageRouter

    private lazy var webView: WKWebView = {
        let configuration = WKWebViewConfiguration()
        configuration.websiteDataStore = .nonPersistent()
        configuration.allowsInlineMediaPlayback = true
        router.install(into: configuration.userContentController)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.isInspectable = false
        return webView
    }()

    init(widgetURL: URL, client: APIClientProtocol, api: VoyageAPI) {
        self.widgetURL = widgetURL
        self.client = client
        self.api = api
        self.router = ScriptMessageRouter(allowedHosts: [widgetURL.host ?? ""])
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        view = webView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        router.register(BridgeAction(action: "identify") { [client, api] _ in
            let token = try await client.send(api.supportChatToken(), as: ChatToken.self)
            return ["token": token.token, "locale": Locale.current.identifier]
        })
        router.register(BridgeAction(action: "close") { [weak self] _ in
            self?.dismiss(animated: true)
            return nil
        })
        webView.load(URLRequest(url: widgetURL))
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isBeingDismissed {
            router.uninstall(from: webView.configuration.userContentController)
        }
    }

    /// Uploads a screenshot the user attached in the chat. The upload goes straight to the
    /// vendor's bucket; S3 rejects the PUT unless Content-MD5 matches the body.
    func uploadAttachment(_ image: UIImage) async throws -> String {
        guard let data = image.jpegData(compressionQuality: 0.7) else { throw ScriptMessageError.invalidPayload }
        let slot = try await client.send(api.supportAttachmentSlot(contentType: "image/jpeg", byteCount: data.count), as: AttachmentSlot.self)

        var request = URLRequest(url: slot.uploadUrl)
        request.httpMethod = "PUT"
        request.setValue("image/jpeg", forHTTPHeaderField: "Content-Type")
        request.setValue(data.contentMD5, forHTTPHeaderField: "Content-MD5")
        let (_, response) = try await URLSession.shared.upload(for: request, from: data)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw APIError.server(status: (response as? HTTPURLResponse)?.statusCode ?? 0, code: "upload", message: nil)
        }
        return slot.attachmentId
    }

    private func showOfflinePage() {
        guard let page = Bundle.main.url(forResource: "support-offline", withExtension: "html", subdirectory: "Web") else { return }
        webView.loadFileURL(page, allowingReadAccessTo: page.deletingLastPathComponent())
    }
}

extension SupportChatViewController: WKNavigationDelegate {
    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        guard let url = navigationAction.request.url else {
            decisionHandler(.cancel)
            return
        }
        if url.isFileURL || url.host == widgetURL.host {
            decisionHandler(.allow)
        } else {
            // Links posted in the conversation open in Safari.
            decisionHandler(.cancel)
            if url.scheme == "https" { UIApplication.shared.open(url) }
        }
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: Error) {
        Log.web.failure("Support widget load", error)
        showOfflinePage()
    }
}

/// Closure-backed bridge action.
struct BridgeAction: ScriptMessageHandling {
    let action: String
    let body: @MainActor (Any) async throws -> Any?

    init(action: String, body: @escaping @MainActor (Any) async throws -> Any?) {
        self.action = action
        self.body = body
    }

    @MainActor
    func handle(_ payload: Any) async throws -> Any? {
        try await body(payload)
    }
}

struct SupportChatView: UIViewControllerRepresentable {
    let environment: AppEnvironment
    let client: APIClientProtocol
    let api: VoyageAPI

    func makeUIViewController(context: Context) -> UINavigationController {
        let controller = SupportChatViewController(widgetURL: environment.supportWidgetURL, client: client, api: api)
        controller.title = NSLocalizedString("support.title", comment: "")
        return UINavigationController(rootViewController: controller)
    }

    func updateUIViewController(_ uiViewController: UINavigationController, context: Context) {}
}
