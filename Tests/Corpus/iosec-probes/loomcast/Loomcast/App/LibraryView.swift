import LoomKit
import SwiftUI

struct LibraryView: View {
    @EnvironmentObject private var library: LibraryStore
    @State private var isAddingFeed = false
    @State private var feedAddress = ""

    var body: some View {
        NavigationStack {
            List {
                Section("Up Next") {
                    ForEach(library.upNext) { episode in
                        NavigationLink(value: episode) { EpisodeRow(episode: episode) }
                    }
                }
                Section("Shows") {
                    ForEach(library.shows) { show in
                        NavigationLink(value: show) {
                            HStack(spacing: 12) {
                                ArtworkView(url: show.artworkURL).frame(width: 56, height: 56)
                                VStack(alignment: .leading) {
                                    Text(show.title).font(.headline).lineLimit(2)
                                    Text(L10n.episodeCount(show.episodeCount)).font(.caption).foregroundStyle(.secondary)
                                }
                            }
                        }
                        .swipeActions {
                            Button("Unfollow", role: .destructive) { Task { await library.unfollow(show) } }
                        }
                    }
                }
            }
            .navigationTitle(L10n.libraryTitle)
            .navigationDestination(for: Show.self) { ShowEpisodesView(show: $0) }
            .navigationDestination(for: Episode.self) { EpisodeDetailView(episode: $0, source: .upNext) }
            .toolbar {
                Button { isAddingFeed = true } label: { Label("Add by URL", systemImage: "plus") }
            }
            .refreshable { await library.refresh() }
            .alert("Add by URL", isPresented: $isAddingFeed) {
                TextField("https://example.com/feed.xml", text: $feedAddress)
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                Button("Add") {
                    let address = feedAddress
                    feedAddress = ""
                    Task {
                        do { try await library.follow(feedAddress: address) } catch { library.lastError = error.localizedDescription }
                    }
                }
                Button(L10n.cancel, role: .cancel) { feedAddress = "" }
            } message: {
                Text("Paste the RSS address of any public podcast.")
            }
            .alert("Couldn’t update your library", isPresented: .constant(library.lastError != nil)) {
                Button("OK") { library.lastError = nil }
            } message: {
                Text(library.lastError ?? "")
            }
        }
    }
}

struct EpisodeRow: View {
    let episode: Episode

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(episode.showTitle.uppercased()).font(.caption2.weight(.semibold)).foregroundStyle(.secondary)
            Text(episode.title).font(.body.weight(.medium)).lineLimit(2)
            Text(Duration.seconds(episode.duration).formatted(.units(allowed: [.hours, .minutes], width: .abbreviated)))
                .font(.caption)
                .foregroundStyle(.secondary)
        }
    }
}

struct ShowEpisodesView: View {
    let show: Show
    @EnvironmentObject private var library: LibraryStore
    @State private var episodes: [Episode] = []

    var body: some View {
        List(episodes) { episode in
            NavigationLink { EpisodeDetailView(episode: episode, source: .library) } label: { EpisodeRow(episode: episode) }
        }
        .navigationTitle(show.title)
        .task(id: show.id) { episodes = await library.episodes(for: show) }
    }
}

struct EpisodeDetailView: View {
    let episode: Episode
    let source: PlaySource

    @EnvironmentObject private var player: PlayerController
    @EnvironmentObject private var downloads: DownloadManager
    @EnvironmentObject private var subscriptions: SubscriptionStore

    private var locked: Bool { episode.isPremium && !subscriptions.hasPremium }
    private var isDownloaded: Bool { downloads.statuses[episode.id] == .finished }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                HStack(alignment: .top, spacing: 16) {
                    ArtworkView(url: episode.artworkURL, cornerRadius: 12).frame(width: 112, height: 112)
                    VStack(alignment: .leading, spacing: 6) {
                        Text(episode.showTitle).font(.subheadline).foregroundStyle(.secondary)
                        Text(episode.title).font(.title3.bold())
                    }
                }
                HStack {
                    Button {
                        Task { await player.play(episode, source: source) }
                    } label: {
                        Label(locked ? "Plus Episode" : "Play", systemImage: locked ? "lock.fill" : "play.fill").frame(maxWidth: .infinity)
                    }
                    .buttonStyle(.borderedProminent)

                    Button {
                        if isDownloaded {
                            downloads.delete(episodeID: episode.id)
                        } else {
                            Task { await downloads.enqueue(episode) }
                        }
                    } label: {
                        Image(systemName: isDownloaded ? "trash" : "arrow.down.circle")
                    }
                    .buttonStyle(.bordered)
                }
                .controlSize(.large)
                .disabled(locked)

                Text(episode.summary).textSelection(.enabled)
            }
            .padding()
        }
        .toolbar {
            ShareLink(item: episode.shareURL(), subject: Text(episode.title))
            Button("Copy Link", systemImage: "link") { PublicLink.copy(episode) }
        }
    }
}
