import UIKit
import WebKit

/// Hosts the document reader's web UI and the native bridges its pages call.
final class ReaderBridge: NSObject {
    private weak var webView: WKWebView?
    private let inbox = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    private let tokenKey = "reader.authToken"

    func makeWebView() -> WKWebView {
        let scripts = WKUserContentController()
        scripts.add(self, name: "library")
        scripts.add(self, name: "storage")
        scripts.add(self, name: "sync")
        scripts.add(self, name: "account")
        scripts.add(self, name: "device")

        let configuration = WKWebViewConfiguration()
        configuration.userContentController = scripts
        configuration.allowsInlineMediaPlayback = true
        let view = WKWebView(frame: .zero, configuration: configuration)
        webView = view
        return view
    }

    func open(_ page: URL) {
        webView?.load(URLRequest(url: page))
    }

    private func run(_ script: String) {
        DispatchQueue.main.async { self.webView?.evaluateJavaScript(script) }
    }

    private func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ReaderBridge: WKScriptMessageHandler {
    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let payload = message.body as? [String: String], let op = payload["op"] else { return }
        switch (message.name, op) {
        case ("storage", "read"):
            if let path = payload["path"] { sendFile(at: path) }
        case ("storage", "write"):
            if let path = payload["path"], let text = payload["text"] { save(text, at: path) }
        case ("library", "list"):
            sendLibrary()
        case ("account", "token"):
            run("window.reader.tokenReady('\(UserDefaults.standard.string(forKey: tokenKey) ?? "")')")
        case ("account", "rotate"):
            rotateToken()
        case ("device", "info"):
            postDeviceDetails()
        case ("sync", "push"):
            SyncOutbox.shared.enqueue(payload)
        default:
            break
        }
    }

    private func sendFile(at relativePath: String) {
        let url = inbox.appendingPathComponent(relativePath)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        let quoted = text.replacingOccurrences(of: "\"", with: "\\\"")
        let script = "window.reader.fileLoaded(\"\(quoted)\")"
        DispatchQueue.main.async {
            self.webView?.evaluateJavaScript(script)
        }
    }

    private func save(_ text: String, at relativePath: String) {
        try? text.write(to: inbox.appendingPathComponent(relativePath), atomically: true, encoding: .utf8)
    }

    private func sendLibrary() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: inbox.path)) ?? []
        run("window.reader.libraryLoaded(\(json(names)))")
    }

    private func rotateToken() {
        let fresh = "rdr_" + UUID().uuidString.lowercased()
        UserDefaults.standard.set(fresh, forKey: tokenKey)
    }

    private func postDeviceDetails() {
        let info = ["model": UIDevice.current.model, "os": UIDevice.current.systemVersion]
        run("window.reader.deviceLoaded(\(json(info)))")
    }
}

/// Changes the web UI asks to upload; sent when the app is next online.
final class SyncOutbox {
    static let shared = SyncOutbox()
    private(set) var pending: [[String: String]] = []

    func enqueue(_ change: [String: String]) {
        pending.append(change)
    }
}
