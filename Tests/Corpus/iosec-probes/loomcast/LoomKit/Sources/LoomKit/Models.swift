import Foundation

public struct Episode: Identifiable, Hashable, Codable, Sendable {
    public let id: String
    public let showID: String
    public var title: String
    public var showTitle: String
    public var summary: String
    public var audioURL: URL
    public var artworkURL: URL?
    public var duration: TimeInterval
    public var publishedAt: Date
    public var isPremium: Bool

    enum CodingKeys: String, CodingKey {
        case id, title, showTitle, summary, duration, publishedAt, isPremium
        case showID = "showId", audioURL = "audioUrl", artworkURL = "artworkUrl"
    }

    /// Public landing page. It carries no account state, so it is safe to share.
    public func shareURL(at timestamp: TimeInterval? = nil) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = LoomcastHosts.web
        components.path = "/episode/\(id)"
        if let timestamp, timestamp >= 1 {
            components.queryItems = [URLQueryItem(name: "t", value: String(Int(timestamp)))]
        }
        return components.url!
    }
}

public struct Show: Identifiable, Hashable, Codable, Sendable {
    public let id: String
    public var title: String
    public var author: String?
    public var feedURL: URL
    public var artworkURL: URL?
    public var episodeCount: Int

    enum CodingKeys: String, CodingKey {
        case id, title, author, episodeCount
        case feedURL = "feedUrl", artworkURL = "artworkUrl"
    }
}

public enum LoomcastHosts {
    public static let web = "loomcast.fm"
    public static let api = "api.loomcast.fm"
    public static let firstParty: Set<String> = ["loomcast.fm", "www.loomcast.fm", "billing.loomcast.fm"]
}

/// Server identifiers are short opaque slugs. Anything else arriving in a link
/// or used as a file name is rejected before it reaches the API or the disk.
public enum Identifier {
    private static let alphabet = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")

    public static func isValid(_ candidate: String) -> Bool {
        (6...64).contains(candidate.count) && candidate.unicodeScalars.allSatisfy { alphabet.contains($0) }
    }
}

/// Coarse buckets so analytics never carries exact listening behaviour.
public enum DurationBucket: String, Sendable {
    case under15 = "lt_15m", under30 = "15_30m", under60 = "30_60m", longer = "gt_60m"

    public init(seconds: TimeInterval) {
        switch seconds {
        case ..<900: self = .under15
        case ..<1_800: self = .under30
        case ..<3_600: self = .under60
        default: self = .longer
        }
    }
}

// MARK: - Widget hand-off

/// What the app shares with the widget through the App Group container:
/// catalogue data only (titles, artwork, progress).
public struct WidgetSnapshot: Codable, Equatable, Sendable {
    public struct Item: Codable, Equatable, Sendable, Identifiable {
        public let id: String
        public let title: String
        public let showTitle: String
        public let artworkURL: URL?
        public let progress: Double

        public init(id: String, title: String, showTitle: String, artworkURL: URL?, progress: Double) {
            self.id = id
            self.title = title
            self.showTitle = showTitle
            self.artworkURL = artworkURL
            self.progress = min(max(progress, 0), 1)
        }

        public var deepLink: URL { URL(string: "loomcast://episode/\(id)")! }
    }

    public var nowPlaying: Item?
    public var upNext: [Item]

    public init(nowPlaying: Item?, upNext: [Item]) {
        self.nowPlaying = nowPlaying
        self.upNext = upNext
    }
}

public enum SharedContainer {
    public static let appGroupID = "group.fm.loomcast"

    private static var snapshotURL: URL? {
        FileManager.default
            .containerURL(forSecurityApplicationGroupIdentifier: appGroupID)?
            .appendingPathComponent("widget-snapshot.json")
    }

    public static func readSnapshot() -> WidgetSnapshot? {
        guard let url = snapshotURL, let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(WidgetSnapshot.self, from: data)
    }

    public static func write(_ snapshot: WidgetSnapshot) throws {
        guard let url = snapshotURL else { return }
        let data = try JSONEncoder().encode(snapshot)
        try data.write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
    }
}
