import Combine
import SwiftUI

@MainActor
final class ConversationListModel: ObservableObject {
    @Published private(set) var conversations: [Conversation] = []
    @Published private(set) var searchResults: [Message] = []
    @Published var query = ""

    private let store: MessageStore
    private var cancellables = Set<AnyCancellable>()

    init(store: MessageStore) {
        self.store = store
        store.didChange
            .debounce(for: .milliseconds(100), scheduler: DispatchQueue.main)
            .sink { [weak self] _ in self?.reload() }
            .store(in: &cancellables)
        $query
            .debounce(for: .milliseconds(250), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .sink { [weak self] in self?.search($0) }
            .store(in: &cancellables)
    }

    var totalUnread: Int {
        conversations.filter { !$0.isMuted }.reduce(0) { $0 + $1.unreadCount }
    }

    func reload() {
        do {
            conversations = try store.conversations()
        } catch {
            Log.error("conversations.load.failed error=\(error.localizedDescription)", category: .ui)
        }
    }

    private func search(_ text: String) {
        guard text.count >= 2 else {
            searchResults = []
            return
        }
        do {
            searchResults = try store.search(text, in: nil)
        } catch {
            Log.error("search.failed error=\(error.localizedDescription)", category: .ui)
        }
    }
}

struct ConversationListView: View {
    @StateObject private var model: ConversationListModel
    @ObservedObject private var sync: SyncEngine

    init(store: MessageStore, sync: SyncEngine) {
        _model = StateObject(wrappedValue: ConversationListModel(store: store))
        self.sync = sync
    }

    var body: some View {
        List {
            if model.query.isEmpty {
                ForEach(model.conversations) { conversation in
                    NavigationLink(value: conversation) { row(for: conversation) }
                }
            } else {
                ForEach(model.searchResults) { message in
                    Text(message.body).lineLimit(2)
                }
            }
        }
        .listStyle(.plain)
        .navigationTitle(title)
        .searchable(text: $model.query, prompt: Strings.tr("search.prompt"))
        .refreshable { try? await sync.syncOnce() }
        .toolbar {
            NavigationLink { SettingsView() } label: { Image(systemName: "gearshape") }
        }
        .safeAreaInset(edge: .top) {
            if sync.isOffline {
                Text(Strings.tr("sync.offline")).font(.footnote).padding(6)
            }
        }
        .onAppear { model.reload() }
    }

    private var title: String {
        let unread = model.totalUnread
        guard unread > 0 else { return Strings.tr("conversations.title") }
        return String(format: Strings.tr("conversations.title.unread"), unread)
    }

    private func row(for conversation: Conversation) -> some View {
        HStack {
            VStack(alignment: .leading, spacing: 4) {
                Label(conversation.title, systemImage: conversation.isVerified ? "checkmark.seal.fill" : "person")
                    .font(.headline)
                Text(conversation.lastMessagePreview ?? "")
                    .font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer()
            if conversation.unreadCount > 0 {
                Text(Strings.plural("chat.unread.count", count: conversation.unreadCount))
                    .font(.caption.bold())
                    .foregroundStyle(conversation.isMuted ? Color.secondary : Color.accentColor)
            }
        }
    }
}
