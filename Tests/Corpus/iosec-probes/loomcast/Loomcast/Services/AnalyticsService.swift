import Foundation
import LoomKit
import os

enum PlaySource: String {
    case library, upNext, deepLink, downloads
}

/// Product analytics. Events carry catalogue identifiers and coarse buckets
/// only — never names, emails, tokens or anything the user typed.
enum AnalyticsEvent {
    case appOpened
    case episodeStarted(episodeID: String, showID: String, duration: TimeInterval, source: PlaySource)
    case episodeFinished(episodeID: String)
    case downloadCompleted(episodeID: String)
    case feedAdded(podcastGUID: String)
    case signInCompleted(method: String)

    var payload: (name: String, properties: [String: String]) {
        switch self {
        case .appOpened:
            return ("app_opened", [:])
        case let .episodeStarted(episodeID, showID, duration, source):
            return ("episode_started", ["episode_id": episodeID, "show_id": showID,
                                        "duration_bucket": DurationBucket(seconds: duration).rawValue, "source": source.rawValue])
        case .episodeFinished(let episodeID):
            return ("episode_finished", ["episode_id": episodeID])
        case .downloadCompleted(let episodeID):
            return ("download_completed", ["episode_id": episodeID])
        case .feedAdded(let guid):
            return ("feed_added", ["podcast_guid": guid])
        case .signInCompleted(let method):
            return ("sign_in_completed", ["method": method])
        }
    }
}

actor AnalyticsService {
    private struct Event: Encodable {
        let event: String
        let properties: [String: String]
        let anonymousId: String
        let timestamp: Date
    }

    private let writeKey: String?
    private let endpoint: URL
    private let defaults = UserDefaults.standard
    private var queue: [Event] = []

    init(writeKey: String?, endpoint: URL) {
        self.writeKey = writeKey
        self.endpoint = endpoint
    }

    /// Random per-install identifier, rotated on sign-out or opt-out.
    private var anonymousID: String {
        if let existing = defaults.string(forKey: "analytics.anonymousID") { return existing }
        let fresh = UUID().uuidString
        defaults.set(fresh, forKey: "analytics.anonymousID")
        return fresh
    }

    func track(_ event: AnalyticsEvent) async {
        guard writeKey != nil, defaults.bool(forKey: PreferenceKey.analyticsEnabled) else { return }
        let (name, properties) = event.payload
        queue.append(Event(event: name, properties: properties, anonymousId: anonymousID, timestamp: .now))
        if queue.count >= 20 { await flush() }
    }

    func flush() async {
        guard let writeKey, !queue.isEmpty else { return }
        let batch = queue
        queue.removeAll()

        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(writeKey, forHTTPHeaderField: "X-Write-Key")
        do {
            request.httpBody = try JSONEncoder.api.encode(["batch": batch])
            _ = try await URLSession.shared.data(for: request)
        } catch {
            queue.insert(contentsOf: batch.suffix(200), at: 0)
            Logger.app.debug("Analytics flush deferred: \(error.localizedDescription, privacy: .public)")
        }
    }

    func resetIdentity() {
        defaults.removeObject(forKey: "analytics.anonymousID")
        queue.removeAll()
    }
}
