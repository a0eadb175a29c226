import IOSecCore
import SwiftSyntax

/// `platform.webview-file-access`: web content allowed to read local files beyond the page it shows.
struct WebViewFileAccessRule: SwiftRule {
    static let description = RuleDescription(
        id: "platform.webview-file-access",
        title: "Web view can read local files",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-PLATFORM-2",
        cwe: 552,
        owasp: OWASPReference(
            "MASWE-0034", beta: "MASWE-0069", mastg: ["MASTG-TEST-0333", "MASTG-TEST-0335", "MASTG-TEST-0336"], .exact),
        rationale: """
            `allowFileAccessFromFileURLs` and `allowUniversalAccessFromFileURLs` (private WebKit preferences set by \
            KVC) let script in a file:// page read any file the app can read, and the universal variant sends it \
            to any origin. `loadFileURL(_:allowingReadAccessTo:)` with the Documents directory, the container root \
            or `/` hands the same reach to the page: one injected script in a downloaded or generated HTML file \
            can read the user's documents, databases and cached tokens.
            """,
        fix:
            "Leave the file-access preferences off and grant read access only to the file itself or to a folder that holds nothing but the page's assets.",
        fixExample: """
            let site = documents.appendingPathComponent("OfflineSite", isDirectory: true)
            webView.loadFileURL(site.appendingPathComponent("index.html"), allowingReadAccessTo: site)
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (void)showReceipt:(NSURL *)fileURL in:(WKWebView *)webView {
                    ↓[webView.configuration.preferences setValue:@YES forKey:@"allowFileAccessFromFileURLs"];
                    [webView loadFileURL:fileURL allowingReadAccessToURL:↓[NSURL fileURLWithPath:@"/"]];
                    NSURL *docs = [[NSFileManager defaultManager] URLsForDirectory:NSDocumentDirectory
                                                                         inDomains:NSUserDomainMask].firstObject;
                    [webView loadFileURL:fileURL allowingReadAccessToURL:↓docs];
                }
                """, path: "App/ReceiptViewController.m"),
            RuleExample(
                """
                let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                let report = docs.appendingPathComponent("report.html")
                webView.loadFileURL(report, allowingReadAccessTo: ↓docs)
                """),
            RuleExample(#"webView.loadFileURL(pageURL, allowingReadAccessTo: ↓URL(fileURLWithPath: "/"))"#),
            RuleExample("webView.loadFileURL(indexURL, allowingReadAccessTo: ↓Bundle.main.bundleURL)"),
            RuleExample(
                """
                func showInvoice(named name: String) {
                    let page = URL.documentsDirectory.appending(path: "\\(name).html")
                    webView.loadFileURL(page, allowingReadAccessTo: ↓page.deletingLastPathComponent())
                }
                """),
            RuleExample(#"↓webView.configuration.preferences.setValue(true, forKey: "allowFileAccessFromFileURLs")"#),
            RuleExample(#"↓configuration.setValue(true, forKey: "allowUniversalAccessFromFileURLs")"#)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)showReceipt:(NSURL *)fileURL in:(WKWebView *)webView {
                    [webView.configuration.preferences setValue:@NO forKey:@"allowFileAccessFromFileURLs"];
                    [webView loadFileURL:fileURL allowingReadAccessToURL:[fileURL URLByDeletingLastPathComponent]];
                    NSURL *help = [[NSBundle mainBundle] URLForResource:@"Help" withExtension:nil];
                    [webView loadFileURL:fileURL allowingReadAccessToURL:help];
                }
                """, path: "App/ReceiptViewController.m"),
            RuleExample(
                """
                // A dedicated resource bundle is the narrow folder the fix asks for.
                webView.loadFileURL(url, allowingReadAccessTo: EmbeddedElementCall.bundle.bundleURL)
                let widgetBundle = Bundle(for: WidgetView.self)
                webView.loadFileURL(page, allowingReadAccessTo: widgetBundle.bundleURL)
                """),
            RuleExample("webView.loadFileURL(fileURL, allowingReadAccessTo: fileURL)"),
            RuleExample(
                """
                let site = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                    .appendingPathComponent("OfflineSite", isDirectory: true)
                webView.loadFileURL(site.appendingPathComponent("index.html"), allowingReadAccessTo: site)
                """),
            RuleExample(
                """
                let docs = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
                let offline = docs.appendingPathComponent("Offline")
                let page = offline.appendingPathComponent("index.html")
                webView.loadFileURL(page, allowingReadAccessTo: page.deletingLastPathComponent())
                """),
            RuleExample(#"webView.configuration.preferences.setValue(false, forKey: "allowFileAccessFromFileURLs")"#),
            RuleExample(
                """
                if let help = Bundle.main.url(forResource: "Help", withExtension: nil) {
                    webView.loadFileURL(help.appendingPathComponent("index.html"), allowingReadAccessTo: help)
                }
                """)
        ]
    )

    static let subscription = Subscription(
        calls: .named(["setValue", "loadFileURL"]))

    private static let fileAccessKeys: Set<String> = ["allowFileAccessFromFileURLs", "allowUniversalAccessFromFileURLs"]
    /// `FileManager.SearchPathDirectory` cases and `URL` statics that name a whole container directory.
    private static let containerDirectories: [String: String] = [
        "documentDirectory": "the Documents directory", "documentsDirectory": "the Documents directory",
        "libraryDirectory": "the Library directory", "cachesDirectory": "the Caches directory",
        "applicationSupportDirectory": "the Application Support directory", "userDirectory": "the user directory",
        "temporaryDirectory": "the temporary directory", "homeDirectory": "the app container",
        "homeDirectoryForCurrentUser": "the app container", "downloadsDirectory": "the Downloads directory"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if name == "setValue", call.argumentLabels == ["_", "forKey"],
            let key = call.argument("forKey")?.stringLiteralValue, Self.fileAccessKeys.contains(key),
            let value = call.arguments.first?.expression, Self.isTrue(value)
        {
            report(file, at: call, "\(key) lets file:// pages read every file the app can read; leave it off")
        } else if name == "loadFileURL", let directory = call.argument("allowingReadAccessTo"),
            let scope = Self.wideDirectory(directory, depth: 0)
        {
            report(
                file, at: directory,
                "loadFileURL grants the page read access to \(scope); pass the file itself or a dedicated subfolder")
        }
    }

    private static func isTrue(_ value: ExprSyntax) -> Bool {
        if let literal = value.booleanLiteralValue { return literal }
        // `NSNumber(value: true)`
        if let call = value.unwrapped.as(FunctionCallExprSyntax.self), call.calledName == "NSNumber" {
            return call.argument("value")?.booleanLiteralValue == true
        }
        return false
    }

    /// What wide directory `expr` names ("the Documents directory", "the whole app bundle", "the file system
    /// root"), or nil when it is a file, a subfolder, or unknown.
    static func wideDirectory(_ expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 5 else { return nil }
        let e = expr.unwrapped
        if let literal = e.stringLiteralValue {
            return literal == "/" || literal == "file:///" ? "the file system root" : nil
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let scope = containerDirectories[name] { return scope }
            if name == "bundleURL" || name == "bundlePath" {
                // `Bundle.main.bundleURL` is the whole app; a dedicated resource bundle (`EmbeddedCall.bundle`,
                // `Bundle(for: Widget.self)`, `Bundle(url: …)`) is the narrow folder this rule's fix asks for.
                return member.base.map(isMainBundle) == true ? "the whole app bundle" : nil
            }
            if name == "first" || name == "last", let base = member.base {
                return wideDirectory(base, depth: depth + 1)
            }
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return origin(of: e, depth: depth)
            }
            return nil
        }
        if let subscriptCall = e.as(SubscriptCallExprSyntax.self) {
            return wideDirectory(subscriptCall.calledExpression, depth: depth + 1)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            switch call.calledName {
            case "urls", "url", "NSSearchPathForDirectoriesInDomains":
                let directory = call.argument("for") ?? call.arguments.first?.expression
                return directory?.lastName.flatMap { containerDirectories[$0] }
            case "NSHomeDirectory": return "the app container"
            case "NSTemporaryDirectory": return "the temporary directory"
            case "containerURL": return "the whole app group container"
            case "URL":
                guard let path = call.argument("fileURLWithPath") ?? call.argument("filePath") else { return nil }
                return wideDirectory(path, depth: depth + 1)
            case "deletingLastPathComponent":
                guard let base = call.calledBase else { return nil }
                return parentDirectory(of: base, depth: depth + 1)
            default:
                return nil
            }
        }
        if e.is(DeclReferenceExprSyntax.self) {
            return origin(of: e, depth: depth)
        }
        return nil
    }

    /// `Bundle.main`, `.main`, or a local / property initialised with it.
    private static func isMainBundle(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        let text = e.sourceText
        if text == "Bundle.main" || text == ".main" || text == "main" { return true }
        if let value = LocalValue.origin(of: e) {
            return value.sourceText == "Bundle.main" || value.sourceText == ".main"
        }
        return false
    }

    /// The directory holding the file `expr`, when that directory is wide.
    private static func parentDirectory(of expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 5 else { return nil }
        var e = expr.unwrapped
        if e.is(DeclReferenceExprSyntax.self) || e.is(MemberAccessExprSyntax.self), let value = LocalValue.origin(of: e)
        {
            e = value.unwrapped
        }
        guard let call = e.as(FunctionCallExprSyntax.self), let base = call.calledBase else { return nil }
        switch call.calledName {
        case "appendingPathExtension", "deletingPathExtension":
            return parentDirectory(of: base, depth: depth + 1)
        case "appendingPathComponent", "appending":
            // `docs.appendingPathComponent("Site/index.html")` lives in `Site`, not in `docs`.
            if let component = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
                component.segments.contains(where: {
                    $0.as(StringSegmentSyntax.self)?.content.text.contains("/") == true
                })
            {
                return nil
            }
            return wideDirectory(base, depth: depth + 1)
        default:
            return nil
        }
    }

    /// A local or property's initializer; with no initializer in sight, a name such as `documentsURL`.
    private static func origin(of expr: ExprSyntax, depth: Int) -> String? {
        if let value = LocalValue.origin(of: expr) { return wideDirectory(value, depth: depth + 1) }
        guard let name = expr.lastName else { return nil }
        let words = SensitiveName.words(name)
        guard words.contains(where: { $0 == "documents" || $0 == "document" }),
            let last = words.last, ["url", "directory", "dir", "folder", "root", "path"].contains(last)
        else { return nil }
        return "the Documents directory"
    }
}
