import Foundation
import Combine

struct RecentRoute: Codable, Hashable, Identifiable {
    let origin: String
    let destination: String
    let searchedAt: Date

    var id: String { "\(origin)-\(destination)" }
}

/// User-facing preferences and lightweight UI state. Nothing in here is sensitive;
/// credentials live in `KeychainSecretStore`, traveller data in the encrypted Realm.
final class Preferences: ObservableObject {
    static let maxRecentRoutes = 8

    @UserDefault("prefs.currencyCode")
    var currencyCode: String = Locale.current.currency?.identifier ?? "EUR" {
        willSet { objectWillChange.send() }
    }

    @UserDefault("prefs.cabin")
    var preferredCabin: String = CabinClass.economy.rawValue {
        willSet { objectWillChange.send() }
    }

    @UserDefault("onboarding.completed")
    var hasCompletedOnboarding = false

    @UserDefault("push.promptShownAt")
    var pushPromptShownAt: Date? = nil

    /// Opaque pagination cursor returned by `/v2/flights/search`. Kept so that
    /// "load more" survives the app being backgrounded during a long scroll.
    @UserDefault("search.lastSearchToken")
    var lastSearchToken: String? = nil

    @UserDefault("search.lastOrigin")
    var lastOriginIATA: String? = nil

    @Stored("search.recentRoutes")
    private var storedRecentRoutes: [RecentRoute]?

    var recentRoutes: [RecentRoute] {
        storedRecentRoutes ?? []
    }

    func rememberRoute(origin: String, destination: String, at date: Date = .now) {
        var routes = recentRoutes.filter { !($0.origin == origin && $0.destination == destination) }
        routes.insert(RecentRoute(origin: origin, destination: destination, searchedAt: date), at: 0)
        objectWillChange.send()
        storedRecentRoutes = Array(routes.prefix(Self.maxRecentRoutes))
    }

    func clearSearchHistory() {
        objectWillChange.send()
        storedRecentRoutes = nil
        lastSearchToken = nil
        $lastOriginIATA.reset()
    }
}
