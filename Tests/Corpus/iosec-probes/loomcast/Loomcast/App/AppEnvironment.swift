import Foundation
import LoomKit
import os
import WidgetKit

/// Build-time configuration from the xcconfig files via Info.plist, so no
/// environment-specific values live in Swift source.
struct AppConfig: Sendable {
    let apiBaseURL: URL
    let webBaseURL: URL
    let eventsURL: URL
    let relyingPartyID: String
    let analyticsWriteKey: String?
    let allowedWebHosts: Set<String>
    let productIDs = ["fm.loomcast.plus.monthly", "fm.loomcast.plus.yearly"]

    static func load(from bundle: Bundle = .main) -> AppConfig {
        func value(_ key: String) -> String? {
            guard let raw = (bundle.object(forInfoDictionaryKey: key) as? String)?.trimmingCharacters(in: .whitespaces),
                  !raw.isEmpty, !raw.hasPrefix("$(") else { return nil }
            return raw
        }
        let apiHost = value("LCAPIHost") ?? LoomcastHosts.api
        let webHost = value("LCWebHost") ?? LoomcastHosts.web
        return AppConfig(
            apiBaseURL: URL(string: "https://\(apiHost)")!,
            webBaseURL: URL(string: "https://\(webHost)")!,
            eventsURL: URL(string: "https://events.\(webHost)/v1/batch")!,
            relyingPartyID: value("LCRelyingPartyID") ?? webHost,
            analyticsWriteKey: value("LCAnalyticsWriteKey"),
            allowedWebHosts: LoomcastHosts.firstParty.union([webHost])
        )
    }
}

/// Composition root: owns the long-lived services and wires them together.
@MainActor
final class AppEnvironment: ObservableObject {
    let config: AppConfig
    let api: APIClient
    let session: SessionStore
    let auth: AuthService
    let library: LibraryStore
    let player: PlayerController
    let downloads: DownloadManager
    let subscriptions: SubscriptionStore
    let analytics: AnalyticsService
    let router = DeepLinkRouter()

    private var didBootstrap = false

    init(config: AppConfig) {
        let analytics = AnalyticsService(writeKey: config.analyticsWriteKey, endpoint: config.eventsURL)
        let api = APIClient(baseURL: config.apiBaseURL)
        let session = SessionStore()
        let auth = AuthService(api: api, session: session, analytics: analytics, relyingPartyID: config.relyingPartyID)
        api.tokenProvider = session
        session.refresher = { refreshToken in
            try await api.send(.post("v1/auth/refresh", body: ["refresh_token": refreshToken], requiresAuth: false))
        }

        let downloads = DownloadManager.shared
        downloads.tokenProvider = session
        downloads.apiBaseURL = config.apiBaseURL
        downloads.analytics = analytics

        self.config = config
        self.analytics = analytics
        self.api = api
        self.session = session
        self.auth = auth
        self.downloads = downloads
        self.library = LibraryStore(api: api, analytics: analytics)
        self.player = PlayerController(
            streams: StreamURLBuilder(apiBaseURL: config.apiBaseURL, tokenProvider: session),
            storage: downloads.storage,
            analytics: analytics
        )
        self.subscriptions = SubscriptionStore(productIDs: config.productIDs, api: api, session: session)
    }

    static func live() -> AppEnvironment {
        AppEnvironment(config: .load())
    }

    func bootstrap() async {
        guard !didBootstrap else { return }
        didBootstrap = true

        session.restore()
        await analytics.track(.appOpened)
        guard session.isSignedIn else { return }

        await library.refresh()
        await subscriptions.refreshEntitlements()
        player.restoreLastPlayed(from: library.upNext)

        let days = UserDefaults.standard.integer(forKey: PreferenceKey.autoDeleteAfterDays)
        if days > 0 {
            let keep = Set(library.upNext.map(\.id) + [player.current?.id].compactMap { $0 })
            downloads.storage.prune(olderThan: TimeInterval(days) * 86_400, keeping: keep)
        }
        publishWidgetSnapshot()
    }

    func publishWidgetSnapshot() {
        let positions = PlaybackPositionStore()
        func item(_ episode: Episode) -> WidgetSnapshot.Item {
            let progress = episode.duration > 0 ? positions.position(for: episode.id) / episode.duration : 0
            return WidgetSnapshot.Item(id: episode.id, title: episode.title, showTitle: episode.showTitle,
                                       artworkURL: episode.artworkURL, progress: progress)
        }
        do {
            try SharedContainer.write(WidgetSnapshot(nowPlaying: player.current.map(item), upNext: library.upNext.prefix(4).map(item)))
            WidgetCenter.shared.reloadAllTimelines()
        } catch {
            Logger.app.error("Widget snapshot write failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
