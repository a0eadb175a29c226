import Combine
import Foundation

struct ReceiptEvent: Decodable {
    enum Kind: String, Decodable { case delivered, read }

    let messageId: String
    let kind: Kind
}

struct SyncPage: Decodable {
    let envelopes: [Envelope]
    let receipts: [ReceiptEvent]
    let conversations: [ConversationDTO]
    /// Opaque server cursor; sending it back resumes the stream after this page.
    let nextCursor: String
    let hasMore: Bool
}

@MainActor
final class SyncEngine: ObservableObject {
    enum State: Equatable {
        case idle, syncing, suspended
        case backingOff(until: Date)
    }

    @Published private(set) var state: State = .idle

    private let api: APIClient
    private let store: MessageStore
    private let sessions: SessionManager
    private let defaults: UserDefaults
    private var loop: Task<Void, Never>?
    private var consecutiveFailures = 0

    init(api: APIClient, store: MessageStore, sessions: SessionManager, defaults: UserDefaults = .standard) {
        self.api = api
        self.store = store
        self.sessions = sessions
        self.defaults = defaults
    }

    var isOffline: Bool {
        if case .backingOff = state { return true }
        return false
    }

    /// Where we left off in the server's event stream. Not a credential.
    private var lastSyncToken: String? {
        get { defaults.string(forKey: "lastSyncToken") }
        set { defaults.set(newValue, forKey: "lastSyncToken") }
    }

    func resume() {
        guard loop == nil else { return }
        loop = Task { [weak self] in await self?.run() }
    }

    func suspend() {
        loop?.cancel()
        loop = nil
        state = .suspended
    }

    func resetCursor() {
        lastSyncToken = nil
        Log.info("sync.cursor.reset", category: .sync)
    }

    private func run() async {
        while !Task.isCancelled {
            do {
                try await syncOnce()
                consecutiveFailures = 0
                try await Task.sleep(for: .seconds(15))
            } catch is CancellationError {
                break
            } catch {
                consecutiveFailures += 1
                let delay = min(300, pow(2, Double(consecutiveFailures)) + Double.random(in: 0...1))
                Log.error("sync.failed attempt=\(consecutiveFailures) retryIn=\(Int(delay)) error=\(error.localizedDescription)", category: .sync)
                state = .backingOff(until: Date().addingTimeInterval(delay))
                try? await Task.sleep(for: .seconds(delay))
            }
        }
    }

    func syncOnce() async throws {
        state = .syncing
        defer { if state == .syncing { state = .idle } }

        var hasMore = true
        while hasMore && !Task.isCancelled {
            let page = try await api.syncPage(since: lastSyncToken)
            try page.conversations.forEach(store.upsertConversation)
            let messages = await decrypt(page.envelopes)
            try store.insert(messages)
            try store.apply(page.receipts)
            lastSyncToken = page.nextCursor
            hasMore = page.hasMore
            Log.info("sync.page envelopes=\(page.envelopes.count) stored=\(messages.count) receipts=\(page.receipts.count)", category: .sync)
        }
        await PushRegistrar.shared.updateBadge(unread: (try? store.totalUnread()) ?? 0)
    }

    private func decrypt(_ envelopes: [Envelope]) async -> [Message] {
        var decrypted: [Message] = []
        for envelope in envelopes where !store.contains(messageId: envelope.messageId) {
            // The notification service extension may already have stored it (skipped above).
            do {
                let payload = try await sessions.open(envelope)
                decrypted.append(Message(incoming: envelope, payload: payload))
            } catch RatchetError.identityChanged(let conversationId) {
                Log.error("sync.identity_changed conversation=\(conversationId) id=\(envelope.messageId)", category: .crypto)
                try? store.setVerified(false, conversationId: conversationId)
            } catch {
                Log.error("sync.decrypt.failed id=\(envelope.messageId) conversation=\(envelope.conversationId) error=\(error)", category: .crypto)
            }
        }
        return decrypted
    }
}
