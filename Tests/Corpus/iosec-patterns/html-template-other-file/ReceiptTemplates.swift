import Foundation

/// Builds the pages the receipt viewer shows.
enum ReceiptTemplates {
    static func page(merchant: String, note: String) -> String {
        var markup = "<html><body><h2>\(merchant.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")</h2>"
        markup += "<p>" + note + "</p>"
        return markup + "</body></html>"
    }

    static func summary(total: String) -> String {
        "<p class=\"total\">\(total.escapedForHTML)</p>"
    }
}

extension String {
    var escapedForHTML: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
