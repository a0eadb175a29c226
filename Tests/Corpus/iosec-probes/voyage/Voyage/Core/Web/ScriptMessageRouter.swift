import Foundation
import WebKit

/// A native capability exposed to web content as `VoyageNative.call(action, payload)`.
protocol ScriptMessageHandling {
    var action: String { get }
    @MainActor func handle(_ payload: Any) async throws -> Any?
}

enum ScriptMessageError: LocalizedError {
    case invalidPayload
    var errorDescription: String? { "invalid payload" }
}

/// Routes `window.webkit.messageHandlers.voyage` messages to registered handlers and returns
/// their results as a JS promise. Restrict `allowedHosts` for pages that embed third-party frames.
final class ScriptMessageRouter: NSObject, WKScriptMessageHandlerWithReply {
    static let channel = "voyage"

    private var handlers: [String: ScriptMessageHandling] = [:]
    private let allowedHosts: Set<String>

    init(allowedHosts: Set<String> = []) {
        self.allowedHosts = allowedHosts
    }

    func register(_ handler: ScriptMessageHandling) {
        handlers[handler.action] = handler
    }

    func install(into controller: WKUserContentController) {
        controller.addScriptMessageHandler(WeakScriptMessageProxy(self), contentWorld: .page, name: Self.channel)
        controller.addUserScript(WKUserScript(source: Self.bootstrap, injectionTime: .atDocumentStart, forMainFrameOnly: true))
    }

    func uninstall(from controller: WKUserContentController) {
        controller.removeScriptMessageHandler(forName: Self.channel, contentWorld: .page)
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping (Any?, String?) -> Void
    ) {
        let origin = message.frameInfo.securityOrigin
        guard allowedHosts.isEmpty || allowedHosts.contains(origin.host) else {
            Log.web.notice("Rejected bridge call from \(origin.host, privacy: .public)")
            replyHandler(nil, "forbidden")
            return
        }
        guard message.frameInfo.isMainFrame,
              let envelope = message.body as? [String: Any],
              let action = envelope["action"] as? String,
              let handler = handlers[action]
        else {
            replyHandler(nil, "unsupported")
            return
        }

        Task { @MainActor in
            do {
                let result = try await handler.handle(envelope["payload"] ?? NSNull())
                replyHandler(result ?? NSNull(), nil)
            } catch {
                replyHandler(nil, error.localizedDescription)
            }
        }
    }

    private static let bootstrap = """
    (function () {
      if (window.VoyageNative) { return; }
      window.VoyageNative = {
        call: function (action, payload) {
          return window.webkit.messageHandlers.\(channel).postMessage({ action: action, payload: payload || null });
        }
      };
      window.dispatchEvent(new Event('voyagenativeready'));
    })();
    """
}

/// `WKUserContentController` retains its handlers strongly; this breaks the cycle.
private final class WeakScriptMessageProxy: NSObject, WKScriptMessageHandlerWithReply {
    weak var target: WKScriptMessageHandlerWithReply?

    init(_ target: WKScriptMessageHandlerWithReply) {
        self.target = target
    }

    func userContentController(
        _ userContentController: WKUserContentController,
        didReceive message: WKScriptMessage,
        replyHandler: @escaping (Any?, String?) -> Void
    ) {
        guard let target else {
            replyHandler(nil, "gone")
            return
        }
        target.userContentController(userContentController, didReceive: message, replyHandler: replyHandler)
    }
}
