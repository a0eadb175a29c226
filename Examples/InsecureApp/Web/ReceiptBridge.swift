import CoreData
import WebKit

/// Lets the offers page ask for a saved receipt and search the wallet's transactions.
final class ReceiptBridge: NSObject, WKScriptMessageHandler {
    private let receipts: URL
    private let context: NSManagedObjectContext
    private weak var webView: WKWebView?

    init(receipts: URL, context: NSManagedObjectContext, webView: WKWebView) {
        self.receipts = receipts
        self.context = context
        self.webView = webView
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let request = message.body as? String else { return }
        if request.hasPrefix("search:") {
            search(String(request.dropFirst("search:".count)))
            return
        }
        // The page names the receipt file; `../` in it reads any file of the app.
        let file = receipts.appendingPathComponent(request)
        guard let data = try? Data(contentsOf: file) else { return }
        webView?.evaluateJavaScript("showReceipt('\(data.base64EncodedString())')")
    }

    private func search(_ term: String) {
        let fetch = NSFetchRequest<NSManagedObject>(entityName: "Transaction")
        // The term becomes predicate syntax: `' OR TRUEPREDICATE OR '' == '` returns every transaction.
        fetch.predicate = NSPredicate(format: "payee CONTAINS[cd] '\(term)'")
        _ = try? context.fetch(fetch)
    }
}

/// Reads the bank's XML statements.
final class StatementImporter: NSObject, XMLParserDelegate {
    func importStatement(_ data: Data) {
        let parser = XMLParser(data: data)
        parser.delegate = self
        parser.shouldResolveExternalEntities = true
        parser.parse()
    }
}
