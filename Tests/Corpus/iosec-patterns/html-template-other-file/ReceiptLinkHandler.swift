import UIKit
import WebKit

/// Opens `receipts://show?merchant=…&note=…` links from the mail the store sends.
final class ReceiptLinkHandler {
    private let webView: WKWebView

    init(webView: WKWebView) {
        self.webView = webView
    }

    func handle(_ link: URL) {
        let items = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let merchant = items.first { $0.name == "merchant" }?.value ?? ""
        let note = items.first { $0.name == "note" }?.value ?? ""
        webView.loadHTMLString(ReceiptTemplates.page(merchant: merchant, note: note), baseURL: nil)
        webView.loadHTMLString(ReceiptTemplates.summary(total: note), baseURL: nil)
        webView.loadHTMLString(ReceiptTemplates.page(merchant: merchant, note: "Thank you"), baseURL: nil)
    }
}
