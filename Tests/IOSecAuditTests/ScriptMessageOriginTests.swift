import Foundation
import Testing

@testable import IOSecAudit

/// A project whose script-message handler checks the sending frame's origin before it forwards a message takes
/// messages only from pages it trusts: a flow from a script message into JavaScript is low confidence, and says where
/// the check is. Without the check, the flow stays as it was.
struct ScriptMessageOriginTests {
    static let bridge = """
        import WebKit
        final class Bridge: NSObject, WKScriptMessageHandler {
            weak var webView: WKWebView?
            func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                guard let body = message.body as? [String: Any], let callback = body["callback"] as? String else { return }
                webView?.evaluateJavaScript("\\(callback)(false)")
            }
        }
        """

    static let guardedHandler = """
        import WebKit
        final class OriginGuard: NSObject, WKScriptMessageHandler {
            weak var delegate: WKScriptMessageHandler?
            let allowedHost: String
            init(allowedHost: String) { self.allowedHost = allowedHost }
            func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                guard message.frameInfo.isMainFrame, message.frameInfo.securityOrigin.host == allowedHost else { return }
                delegate?.userContentController(controller, didReceive: message)
            }
        }
        """

    static func injection(withGuard: Bool) throws -> Finding {
        let tree = TemporaryTree()
        tree.write("App/Bridge.swift", Self.bridge)
        if withGuard { tree.write("App/OriginGuard.swift", Self.guardedHandler) }
        var options = ScanOptions(jobs: 1)
        options.minimumConfidence = .low
        let findings = try Scanner(options: options).scan(tree.root).findings
        return try #require(findings.first { $0.ruleId == WebViewHTMLInjectionRule.description.id })
    }

    @Test func aHandlerThatChecksTheOriginMakesTheFlowLowConfidence() throws {
        let found = try Self.injection(withGuard: true)
        #expect(found.confidence == .low)
        #expect(found.message.contains("checks the origin of the sending frame (App/OriginGuard.swift:7)"))
        #expect(found.flow.first?.note == UntrustedOrigin.scriptMessage)
    }

    @Test func withoutTheCheckTheFlowStands() throws {
        let found = try Self.injection(withGuard: false)
        #expect(found.confidence == .high)
        #expect(found.evidence == .flow)
        #expect(!found.message.contains("checks the origin"))
    }
}
