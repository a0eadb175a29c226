import Foundation
import LoomKit
import os

/// `loomcast://episode/<id>` and `https://loomcast.fm/episode/<id>` style links.
/// A link only selects a destination by validated identifier; it never
/// supplies a URL for the app to load.
enum DeepLink: Identifiable, Hashable {
    case episode(id: String)
    case show(id: String)
    case manageSubscription

    var id: String { String(describing: self) }

    init?(url: URL) {
        var segments = url.pathComponents.filter { $0 != "/" }
        switch url.scheme?.lowercased() {
        case "loomcast":
            guard let host = url.host() else { return nil }
            segments.insert(host, at: 0) // the route name sits in the host position
        case "https":
            guard let host = url.host()?.lowercased(), LoomcastHosts.firstParty.contains(host) else { return nil }
        default:
            return nil
        }

        switch (segments.first?.lowercased(), segments.count) {
        case ("episode", 2) where Identifier.isValid(segments[1]):
            self = .episode(id: segments[1])
        case ("show", 2) where Identifier.isValid(segments[1]):
            self = .show(id: segments[1])
        case ("account", 2) where segments[1] == "subscription":
            self = .manageSubscription
        default:
            return nil
        }
    }
}

@MainActor
final class DeepLinkRouter: ObservableObject {
    @Published var presented: DeepLink?

    func handle(_ url: URL) {
        guard let link = DeepLink(url: url) else {
            Logger.app.notice("Ignoring unsupported link (scheme: \(url.scheme ?? "none", privacy: .public))")
            return
        }
        CrashBreadcrumbs.shared.record("deeplink \(link.id)", category: "navigation")
        presented = link
    }
}
