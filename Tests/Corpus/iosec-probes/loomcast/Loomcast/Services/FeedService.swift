import Foundation
import LoomKit
import os

/// Fetches user-supplied RSS feeds for a preview before subscribing. Every
/// fetch is HTTPS: http:// and feed:// input is upgraded, and so are
/// redirects that try to downgrade.
struct FeedService {
    enum FeedError: LocalizedError {
        case invalidAddress
        case badStatus(Int)
        case tooLarge

        var errorDescription: String? {
            switch self {
            case .invalidAddress: return String(localized: "feed.invalid", defaultValue: "That doesn’t look like a feed address.")
            case .badStatus(let status): return String(localized: "feed.status", defaultValue: "The feed server answered \(status).")
            case .tooLarge: return String(localized: "feed.tooLarge", defaultValue: "This feed is too large to preview.")
            }
        }
    }

    static let maxFeedBytes = 20 * 1_024 * 1_024

    private let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    static func normalize(_ input: String) throws -> URL {
        var candidate = input.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["feed://", "pcast://"] where candidate.lowercased().hasPrefix(prefix) {
            candidate = "https://" + candidate.dropFirst(prefix.count)
        }
        if !candidate.contains("://") {
            candidate = "https://" + candidate
        }
        guard let url = URL(string: candidate),
              url.host()?.contains(".") == true,
              let secure = HTTPSUpgrader.upgraded(url) else {
            throw FeedError.invalidAddress
        }
        return secure
    }

    func preview(_ url: URL) async throws -> FeedPreview {
        guard let secureURL = HTTPSUpgrader.upgraded(url) else { throw FeedError.invalidAddress }

        var request = URLRequest(url: secureURL)
        request.setValue("application/rss+xml, application/xml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        request.setValue("Loomcast/\(Bundle.main.shortVersion) (+https://loomcast.fm/bot)", forHTTPHeaderField: "User-Agent")

        let (data, response) = try await session.data(for: request, delegate: SecureRedirectPolicy())
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            Logger.network.notice("Feed at \(secureURL.host() ?? "-", privacy: .private) answered \(status)")
            throw FeedError.badStatus(status)
        }
        guard data.count <= Self.maxFeedBytes else { throw FeedError.tooLarge }
        return try FeedParser.preview(data)
    }
}

/// Keeps redirect chains on HTTPS; old podcast CDNs often bounce to http://.
final class SecureRedirectPolicy: NSObject, URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest
    ) async -> URLRequest? {
        guard let target = request.url, let secure = HTTPSUpgrader.upgraded(target) else { return nil }
        var upgraded = request
        upgraded.url = secure
        return upgraded
    }
}
