import UIKit
import UniformTypeIdentifiers

/// Copies secrets so they stay on this device (no Universal Clipboard) and expire by
/// themselves, even if the app is killed before our own timer fires.
@MainActor
final class ClipboardService {
    static let defaultLifetime: TimeInterval = 60

    private let settings: SettingsStore
    private var ownedChangeCount: Int?
    private var clearTask: Task<Void, Never>?

    init(settings: SettingsStore) {
        self.settings = settings
    }

    /// Passwords and one-time codes.
    func copySensitive(_ value: String) {
        let configured = TimeInterval(settings.clipboardClearSeconds)
        let lifetime = configured > 0 ? configured : Self.defaultLifetime
        UIPasteboard.general.setItems(
            [[UTType.utf8PlainText.identifier: value]],
            options: [.localOnly: true, .expirationDate: Date().addingTimeInterval(lifetime)]
        )
        ownedChangeCount = UIPasteboard.general.changeCount

        clearTask?.cancel()
        clearTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(lifetime))
            guard !Task.isCancelled else { return }
            self?.clearIfStillOurs()
        }
        Log.ui.debug("Copied sensitive value, expires in \(Int(lifetime)) s")
    }

    /// Usernames and URLs: no reason to keep them off the Mac.
    func copy(_ value: String) {
        UIPasteboard.general.string = value
    }

    /// Clears the pasteboard only if nothing else has been copied since.
    func clearIfStillOurs() {
        guard let ownedChangeCount, UIPasteboard.general.changeCount == ownedChangeCount else { return }
        UIPasteboard.general.items = []
        self.ownedChangeCount = nil
    }
}
