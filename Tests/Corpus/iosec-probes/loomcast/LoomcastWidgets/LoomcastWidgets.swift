import LoomKit
import SwiftUI
import WidgetKit

@main
struct LoomcastWidgets: WidgetBundle {
    var body: some Widget {
        ContinueListeningWidget()
    }
}

struct ContinueListeningWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "fm.loomcast.continue-listening", provider: ListeningProvider()) { entry in
            ListeningWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Continue Listening")
        .description("Pick up where you left off.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct ListeningEntry: TimelineEntry {
    var date = Date.now
    let snapshot: WidgetSnapshot
    var artwork: [String: UIImage] = [:]
}

struct ListeningProvider: TimelineProvider {
    private let placeholderSnapshot = WidgetSnapshot(
        nowPlaying: .init(id: "placeholder", title: "The Long Thread", showTitle: "Loomcast Originals", artworkURL: nil, progress: 0.4),
        upNext: []
    )

    func placeholder(in context: Context) -> ListeningEntry {
        ListeningEntry(snapshot: placeholderSnapshot)
    }

    func getSnapshot(in context: Context, completion: @escaping (ListeningEntry) -> Void) {
        completion(ListeningEntry(snapshot: SharedContainer.readSnapshot() ?? placeholderSnapshot))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ListeningEntry>) -> Void) {
        Task {
            var snapshot = SharedContainer.readSnapshot() ?? WidgetSnapshot(nowPlaying: nil, upNext: [])
            if let fresh = try? await fetchUpNext(), !fresh.isEmpty {
                snapshot.upNext = fresh
            }
            let items = [snapshot.nowPlaying].compactMap { $0 } + snapshot.upNext
            let entry = ListeningEntry(snapshot: snapshot, artwork: await artwork(for: items))
            completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(3_600))))
        }
    }

    /// Refreshes Up Next even when the app hasn't run today, using the access
    /// token the app keeps in the shared keychain access group.
    private func fetchUpNext() async throws -> [WidgetSnapshot.Item] {
        guard let token = try KeychainStore().string(for: SharedKeychain.accessTokenAccount) else { return [] }
        var request = URLRequest(url: URL(string: "https://\(LoomcastHosts.api)/v1/widget/up-next?limit=4")!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { return [] }
        return try JSONDecoder().decode([WidgetSnapshot.Item].self, from: data)
    }

    /// Widgets render synchronously, so artwork is fetched before the entry is built.
    private func artwork(for items: [WidgetSnapshot.Item]) async -> [String: UIImage] {
        var images: [String: UIImage] = [:]
        for item in items.prefix(4) {
            guard let url = item.artworkURL,
                  let fetched = try? await URLSession.shared.data(from: url),
                  let image = UIImage(data: fetched.0)?.preparingThumbnail(of: CGSize(width: 200, height: 200)) else { continue }
            images[item.id] = image
        }
        return images
    }
}

struct ListeningWidgetView: View {
    let entry: ListeningEntry

    var body: some View {
        if let lead = entry.snapshot.nowPlaying ?? entry.snapshot.upNext.first {
            VStack(alignment: .leading, spacing: 4) {
                if let image = entry.artwork[lead.id] {
                    Image(uiImage: image).resizable().scaledToFill().frame(width: 64, height: 64).clipShape(RoundedRectangle(cornerRadius: 8))
                }
                Text(lead.showTitle).font(.caption2).foregroundStyle(.secondary).lineLimit(1)
                Text(lead.title).font(.caption.bold()).lineLimit(2)
                ProgressView(value: lead.progress).tint(.orange)
            }
            .widgetURL(lead.deepLink)
        } else {
            Text("Follow a show to see new episodes here.").font(.caption).foregroundStyle(.secondary)
        }
    }
}
