import Foundation

/// Non-sensitive UI and sync bookkeeping. Anything credential-like lives in `KeychainStore`.
final class Preferences {
    enum Key {
        static let preferredUnit = "display.unit"
        static let feedNextPageToken = "feed.nextPageToken"
        static let lastTokenRefresh = "auth.lastTokenRefresh"
        static let paywallLastShownAt = "paywall.lastShownAt"
        static let lastHealthKitAnchorDate = "health.lastAnchorDate"
        static let zoneModel = "hr.zoneModel"
        static let coachThreadCursor = "coach.threadCursor"
    }

    enum DistanceUnit: String {
        case kilometers
        case miles
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    var preferredUnit: DistanceUnit {
        get { defaults.string(forKey: Key.preferredUnit).flatMap(DistanceUnit.init(rawValue:)) ?? .kilometers }
        set { defaults.set(newValue.rawValue, forKey: Key.preferredUnit) }
    }

    /// Opaque server cursor for the activity feed; safe to lose, the feed just restarts at page one.
    var feedNextPageToken: String? {
        get { defaults.string(forKey: Key.feedNextPageToken) }
        set { defaults.set(newValue, forKey: Key.feedNextPageToken) }
    }

    var coachThreadCursor: String? {
        get { defaults.string(forKey: Key.coachThreadCursor) }
        set { defaults.set(newValue, forKey: Key.coachThreadCursor) }
    }

    var lastTokenRefresh: Date? {
        get { defaults.object(forKey: Key.lastTokenRefresh) as? Date }
        set { defaults.set(newValue, forKey: Key.lastTokenRefresh) }
    }

    var paywallLastShownAt: Date? {
        get { defaults.object(forKey: Key.paywallLastShownAt) as? Date }
        set { defaults.set(newValue, forKey: Key.paywallLastShownAt) }
    }

    var lastHealthKitAnchorDate: Date? {
        get { defaults.object(forKey: Key.lastHealthKitAnchorDate) as? Date }
        set { defaults.set(newValue, forKey: Key.lastHealthKitAnchorDate) }
    }

    var zoneModel: HeartRateZoneCalculator.Model {
        get { defaults.string(forKey: Key.zoneModel).flatMap(HeartRateZoneCalculator.Model.init(rawValue:)) ?? .heartRateReserve }
        set { defaults.set(newValue.rawValue, forKey: Key.zoneModel) }
    }

    func resetForSignOut() {
        [Key.feedNextPageToken, Key.lastTokenRefresh, Key.coachThreadCursor, Key.lastHealthKitAnchorDate]
            .forEach(defaults.removeObject(forKey:))
    }
}
