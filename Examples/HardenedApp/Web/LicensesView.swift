import SwiftUI
import WebKit

/// Acknowledgements, rendered from a constant HTML string that ships in the binary.
struct LicensesView: UIViewRepresentable {
    private static let html = """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>
          body { font: -apple-system-body; margin: 16px; }
          @media (prefers-color-scheme: dark) { body { color: #f2f2f7; background: #000; } }
        </style>
        </head>
        <body>
        <h1>
          <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <rect x="2" y="5" width="16" height="11" rx="2" fill="none" stroke="currentColor" stroke-width="1.5" />
          </svg>
          Acme Wallet
        </h1>
        <p>Acme Wallet is built only on Apple frameworks. It contains no third-party code.</p>
        <p>SF Symbols are used under the Apple SF Symbols license.</p>
        </body>
        </html>
        """

    func makeUIView(context: Context) -> WKWebView {
        let webView = WKWebView()
        webView.isOpaque = false
        webView.loadHTMLString(Self.html, baseURL: nil)
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}
}
