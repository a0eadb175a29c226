import Foundation

enum ActivityKind: String, Codable, CaseIterable, Identifiable {
    case run
    case trailRun = "trail_run"
    case walk
    case treadmill
    case intervals

    var id: String { rawValue }

    var displayName: String {
        Bundle.main.localizedString(forKey: "activity.\(rawValue)", value: rawValue.capitalized, table: nil)
    }

    var symbolName: String {
        self == .walk ? "figure.walk" : "figure.run"
    }
}

enum WorkoutSource: String, Codable {
    case healthKit
    case watch
    case garmin
    case strava
    case legacy
}

struct RoutePoint: Codable, Hashable {
    let latitude: Double
    let longitude: Double
    let altitude: Double?
    let timestamp: Date
}

struct HeartRateSample: Codable, Hashable {
    let timestamp: Date
    let beatsPerMinute: Double
}

struct Workout: Identifiable, Codable, Hashable {
    let id: UUID
    var kind: ActivityKind
    var source: WorkoutSource
    var startDate: Date
    var endDate: Date
    var distanceMeters: Double
    var activeEnergyKilocalories: Double
    var averageHeartRate: Double?
    var maxHeartRate: Double?
    var heartRateSamples: [HeartRateSample]
    var route: [RoutePoint]
    var shareSlug: String?

    var duration: TimeInterval { endDate.timeIntervalSince(startDate) }

    /// Seconds per kilometre; nil for stationary sessions.
    var averagePace: Double? {
        guard distanceMeters > 50 else { return nil }
        return duration / distanceMeters.kilometers
    }

    /// Public share page. Slugs are opaque and generated server-side when the user opts in.
    var shareURL: URL? {
        guard let shareSlug else { return nil }
        return URL(string: "https://stridecoach.com/w/\(shareSlug)")
    }
}
