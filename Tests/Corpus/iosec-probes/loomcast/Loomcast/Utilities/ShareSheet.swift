import LoomKit
import SwiftUI
import UIKit

struct ShareSheet: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
        let controller = UIActivityViewController(activityItems: items, applicationActivities: nil)
        controller.excludedActivityTypes = [.assignToContact, .addToReadingList]
        return controller
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}

enum PublicLink {
    /// Copies the episode's public landing page. No session state is in the
    /// link, so it is fine for it to reach Universal Clipboard.
    @MainActor
    static func copy(_ episode: Episode, at timestamp: TimeInterval? = nil) {
        UIPasteboard.general.url = episode.shareURL(at: timestamp)
        CrashBreadcrumbs.shared.record("copied public link \(episode.id)", category: "share")
    }
}
