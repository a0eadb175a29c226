import UIKit

enum RichText {
    /// Renders a snippet of HTML for banners.
    static func fromMarkup(_ markup: String) -> NSAttributedString? {
        try? NSAttributedString(
            data: Data(markup.utf8),
            options: [.documentType: NSAttributedString.DocumentType.html,
                      .characterEncoding: String.Encoding.utf8.rawValue],
            documentAttributes: nil
        )
    }
}
