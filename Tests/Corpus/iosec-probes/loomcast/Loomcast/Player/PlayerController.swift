import AVFoundation
import LoomKit
import MediaPlayer
import os

@MainActor
final class PlayerController: ObservableObject {
    @Published private(set) var current: Episode?
    @Published private(set) var isPlaying = false
    @Published private(set) var elapsed: TimeInterval = 0
    @Published private(set) var sleepDeadline: Date?

    private let player = AVPlayer()
    private let positions = PlaybackPositionStore()
    private let streams: StreamURLBuilder
    private let storage: DownloadStorage
    private let analytics: AnalyticsService
    private var timeObserver: Any?
    private var endObserver: NSObjectProtocol?
    private var sleepTask: Task<Void, Never>?

    init(streams: StreamURLBuilder, storage: DownloadStorage, analytics: AnalyticsService) {
        self.streams = streams
        self.storage = storage
        self.analytics = analytics

        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTime(seconds: 1, preferredTimescale: 10), queue: .main) { [weak self] time in
            MainActor.assumeIsolated {
                guard let self, time.isNumeric else { return }
                self.elapsed = time.seconds
                if Int(time.seconds) % 20 == 0 { self.persistProgress() }
            }
        }
        endObserver = NotificationCenter.default.addObserver(forName: AVPlayerItem.didPlayToEndTimeNotification, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.itemDidFinish() }
        }
        MPRemoteCommandCenter.shared().togglePlayPauseCommand.addTarget { [weak self] _ in
            MainActor.assumeIsolated { self?.togglePlayPause() }
            return .success
        }
    }

    var duration: TimeInterval { current?.duration ?? 0 }

    /// Same key the UI binds with `@AppStorage("playbackSpeed")`.
    private var playbackRate: Float {
        let stored = UserDefaults.standard.double(forKey: PreferenceKey.playbackSpeed)
        return Float((0.5...3.0).contains(stored) ? stored : 1.0)
    }

    func play(_ episode: Episode, source: PlaySource) async {
        persistProgress()

        let url: URL
        if let local = storage.localFileURL(for: episode.id) {
            url = local
            storage.markAccessed(episodeID: episode.id)
        } else {
            url = await streams.streamURL(for: episode)
        }
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
        current = episode
        positions.lastPlayedEpisodeID = episode.id

        let resumeAt = positions.position(for: episode.id)
        if resumeAt > 5, resumeAt < episode.duration - 15 {
            _ = await player.seek(to: CMTime(seconds: resumeAt, preferredTimescale: 600))
        }
        player.playImmediately(atRate: playbackRate)
        isPlaying = true
        updateNowPlayingInfo()

        Logger.player.info("Playing \(episode.id, privacy: .public) from \(url.isFileURL ? "disk" : "network", privacy: .public)")
        await analytics.track(.episodeStarted(episodeID: episode.id, showID: episode.showID, duration: episode.duration, source: source))
    }

    func togglePlayPause() {
        guard current != nil else { return }
        if isPlaying {
            player.pause()
            persistProgress()
        } else {
            player.playImmediately(atRate: playbackRate)
        }
        isPlaying.toggle()
        updateNowPlayingInfo()
    }

    func seek(to seconds: TimeInterval) {
        elapsed = min(max(seconds, 0), max(duration - 1, 0))
        player.seek(to: CMTime(seconds: elapsed, preferredTimescale: 600))
        updateNowPlayingInfo()
    }

    func skip(by seconds: TimeInterval) { seek(to: elapsed + seconds) }

    func applyRate() {
        if isPlaying { player.rate = playbackRate }
    }

    func persistProgress() {
        if let current { positions.save(elapsed, for: current.id) }
    }

    func restoreLastPlayed(from episodes: [Episode]) {
        guard current == nil, let id = positions.lastPlayedEpisodeID,
              let episode = episodes.first(where: { $0.id == id }) else { return }
        current = episode
        elapsed = positions.position(for: id)
    }

    func startSleepTimer(minutes: Int) {
        sleepTask?.cancel()
        sleepDeadline = minutes > 0 ? .now.addingTimeInterval(TimeInterval(minutes * 60)) : nil
        guard minutes > 0 else { return }
        sleepTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(minutes * 60))
            guard !Task.isCancelled, let self else { return }
            if self.isPlaying { self.togglePlayPause() }
            self.sleepDeadline = nil
        }
    }

    private func itemDidFinish() {
        guard let finished = current else { return }
        isPlaying = false
        positions.clear(finished.id)
        Task { await analytics.track(.episodeFinished(episodeID: finished.id)) }
    }

    private func updateNowPlayingInfo() {
        guard let current else { return }
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: current.title,
            MPMediaItemPropertyAlbumTitle: current.showTitle,
            MPMediaItemPropertyPlaybackDuration: duration,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: elapsed,
            MPNowPlayingInfoPropertyPlaybackRate: isPlaying ? Double(playbackRate) : 0
        ]
    }
}

/// Resume points and the last-played episode: catalogue IDs and offsets only.
struct PlaybackPositionStore {
    private let defaults = UserDefaults.standard
    private let positionsKey = "playback.positions"

    var lastPlayedEpisodeID: String? {
        get { defaults.string(forKey: "lastPlayedEpisodeID") }
        nonmutating set { defaults.set(newValue, forKey: "lastPlayedEpisodeID") }
    }

    func position(for episodeID: String) -> TimeInterval {
        (defaults.dictionary(forKey: positionsKey) as? [String: Double])?[episodeID] ?? 0
    }

    func save(_ seconds: TimeInterval?, for episodeID: String) {
        var all = defaults.dictionary(forKey: positionsKey) as? [String: Double] ?? [:]
        all[episodeID] = seconds.map { $0.rounded() }
        defaults.set(all, forKey: positionsKey)
    }

    func clear(_ episodeID: String) { save(nil, for: episodeID) }
}

/// Picks the URL AVPlayer streams. Free episodes play the publisher's
/// enclosure as published (covered by NSAllowsArbitraryLoadsForMedia);
/// premium audio comes from our own edge.
struct StreamURLBuilder {
    let apiBaseURL: URL
    weak var tokenProvider: TokenProvider?

    func streamURL(for episode: Episode) async -> URL {
        guard episode.isPremium else { return episode.audioURL }

        let base = apiBaseURL.appending(path: "v1/stream/\(episode.id)/audio.m4a")
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        var query = [URLQueryItem(name: "format", value: "aac_128")]
        if let token = await tokenProvider?.currentAccessToken() {
            query.append(URLQueryItem(name: "access_token", value: token))
        }
        components.queryItems = query
        return components.url ?? base
    }
}
