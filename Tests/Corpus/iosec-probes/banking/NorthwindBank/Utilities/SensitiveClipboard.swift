import UIKit
import UniformTypeIdentifiers

/// Copies account identifiers without letting them sync through Universal Clipboard,
/// and makes them expire automatically.
enum SensitiveClipboard {
    static let defaultLifetime: TimeInterval = 120

    static func copy(_ value: String, lifetime: TimeInterval = defaultLifetime) {
        let compact = value.replacingOccurrences(of: " ", with: "")
        UIPasteboard.general.setItems(
            [[UTType.utf8PlainText.identifier: compact]],
            options: [
                .localOnly: true,
                .expirationDate: Date().addingTimeInterval(lifetime),
            ]
        )
    }
}
