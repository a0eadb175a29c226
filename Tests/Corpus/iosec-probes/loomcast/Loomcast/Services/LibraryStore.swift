import Foundation
import LoomKit
import os

@MainActor
final class LibraryStore: ObservableObject {
    private struct LibraryResponse: Decodable {
        let shows: [Show]
        let upNext: [Episode]
    }

    private struct EpisodesResponse: Decodable {
        let episodes: [Episode]
    }

    private struct SubscribeRequest: Encodable {
        let feedUrl: String
        let podcastGuid: String
    }

    @Published private(set) var shows: [Show] = []
    @Published private(set) var upNext: [Episode] = []
    @Published var lastError: String?

    private let api: APIClient
    private let feeds = FeedService()
    private let analytics: AnalyticsService
    private var episodeCache: [String: Episode] = [:]

    init(api: APIClient, analytics: AnalyticsService) {
        self.api = api
        self.analytics = analytics
    }

    func refresh() async {
        do {
            let response: LibraryResponse = try await api.send(Endpoint(path: "v1/library"))
            shows = response.shows.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
            upNext = response.upNext
            response.upNext.forEach { episodeCache[$0.id] = $0 }
            lastError = nil
        } catch {
            Logger.app.error("Library refresh failed: \(error.localizedDescription, privacy: .public)")
            lastError = error.localizedDescription
        }
    }

    func episodes(for show: Show) async -> [Episode] {
        do {
            let response: EpisodesResponse = try await api.send(Endpoint(path: "v1/shows/\(show.id)/episodes"))
            response.episodes.forEach { episodeCache[$0.id] = $0 }
            return response.episodes
        } catch {
            lastError = error.localizedDescription
            return []
        }
    }

    func episode(id: String) async throws -> Episode {
        guard Identifier.isValid(id) else { throw URLError(.badURL) }
        if let cached = episodeCache[id] { return cached }
        let episode: Episode = try await api.send(Endpoint(path: "v1/episodes/\(id)"))
        episodeCache[id] = episode
        return episode
    }

    func show(id: String) -> Show? {
        shows.first { $0.id == id }
    }

    /// Checks a pasted feed locally (HTTPS, parseable, has audio), then asks the server to follow it.
    func follow(feedAddress input: String) async throws {
        let feedURL = try FeedService.normalize(input)
        let preview = try await feeds.preview(feedURL)
        debugTrace("Previewed \(feedURL.host() ?? "-"): \(preview.title), \(preview.itemCount) items")
        let guid = preview.declaredGUID ?? PodcastGUID.make(feedURL: feedURL).uuidString.lowercased()

        let show: Show = try await api.send(.post("v1/library/feeds", body: SubscribeRequest(feedUrl: feedURL.absoluteString, podcastGuid: guid)))
        if !shows.contains(where: { $0.id == show.id }) {
            shows.append(show)
        }
        await analytics.track(.feedAdded(podcastGUID: guid))
    }

    func unfollow(_ show: Show) async {
        do {
            let _: EmptyResponse = try await api.send(Endpoint(method: .delete, path: "v1/library/shows/\(show.id)"))
            shows.removeAll { $0.id == show.id }
        } catch {
            lastError = error.localizedDescription
        }
    }
}
