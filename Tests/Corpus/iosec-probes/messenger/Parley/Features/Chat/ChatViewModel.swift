import Combine
import Foundation
import UIKit

/// Which conversation is on screen, so foreground pushes for it can be suppressed.
@MainActor
final class ChatPresence {
    static let shared = ChatPresence()
    private(set) var visibleConversationId: String?

    func isViewing(conversationId: String) -> Bool {
        visibleConversationId == conversationId && UIApplication.shared.applicationState == .active
    }

    func enter(_ id: String) { visibleConversationId = id }
    func leave(_ id: String) { if visibleConversationId == id { visibleConversationId = nil } }
}

struct MessageSender {
    let store: MessageStore
    let sessions: SessionManager
    let api: APIClient

    func makeOutgoing(_ text: String, conversationId: String) -> Message {
        Message(id: UUID().uuidString, conversationId: conversationId, senderDeviceId: DeviceInfo.deviceId,
                body: text, sentAt: Date(), direction: .outgoing, status: .pending, chainIndex: 0)
    }

    @discardableResult
    func deliver(_ message: Message) async -> Message.Status {
        let payload = MessagePayload(body: message.body, sentAt: message.sentAt)
        do {
            let envelope = try await sessions.seal(payload, messageId: message.id, conversationId: message.conversationId)
            try await api.postEnvelopes([envelope])
            try store.updateStatus(.sent, messageId: message.id, chainIndex: envelope.nonce)
            Log.info("message.sent id=\(message.id) conversation=\(message.conversationId) index=\(envelope.nonce)")
            return .sent
        } catch {
            NSLog("Failed to deliver message \"%@\" in %@: %@", message.body, message.conversationId, error.localizedDescription)
            try? store.updateStatus(.failed, messageId: message.id)
            return .failed
        }
    }
}

@MainActor
final class ChatViewModel: ObservableObject {
    @Published private(set) var messages: [Message] = []
    @Published private(set) var canLoadOlder = true
    @Published private(set) var conversation: Conversation
    @Published var draft = ""
    @Published var errorMessage: String?

    private let environment: AppEnvironment
    private let sender: MessageSender
    private let defaults: UserDefaults
    private var cancellables = Set<AnyCancellable>()
    private var lastTypingSent = Date.distantPast
    private static let pageSize = 50

    init(conversation: Conversation, environment: AppEnvironment, defaults: UserDefaults = .standard) {
        self.conversation = conversation
        self.environment = environment
        self.defaults = defaults
        sender = MessageSender(store: environment.messages, sessions: environment.sessions, api: environment.api)
        environment.messages.didChange
            .filter { $0 == conversation.id }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.reload() }
            .store(in: &cancellables)
    }

    func onAppear() {
        ChatPresence.shared.enter(conversation.id)
        reload()
        markRead()
    }

    func onDisappear() {
        ChatPresence.shared.leave(conversation.id)
    }

    func reload() {
        do {
            messages = try environment.messages.messages(in: conversation.id, limit: max(Self.pageSize, messages.count))
            conversation = try environment.messages.conversation(id: conversation.id) ?? conversation
        } catch {
            Log.error("chat.load.failed conversation=\(conversation.id) error=\(error.localizedDescription)", category: .ui)
        }
    }

    func loadOlder() {
        guard canLoadOlder, let oldest = messages.first else { return }
        do {
            let older = try environment.messages.messages(in: conversation.id, before: oldest.sentAt, limit: Self.pageSize)
            canLoadOlder = older.count == Self.pageSize
            messages.insert(contentsOf: older, at: 0)
        } catch {
            Log.error("chat.page.failed conversation=\(conversation.id) error=\(error.localizedDescription)", category: .ui)
        }
    }

    func send() async {
        let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        draft = ""
        let message = sender.makeOutgoing(text, conversationId: conversation.id)
        do {
            try environment.messages.insert([message])
        } catch {
            errorMessage = Strings.tr("chat.error.save")
            draft = text
            return
        }
        if await sender.deliver(message) == .failed {
            errorMessage = Strings.tr("chat.error.send")
        }
    }

    func retry(_ message: Message) async {
        guard message.status == .failed else { return }
        await sender.deliver(message)
    }

    func draftChanged() {
        guard defaults.bool(forKey: "typingIndicators"), !draft.isEmpty,
              Date().timeIntervalSince(lastTypingSent) > 4 else { return }
        lastTypingSent = Date()
        let (api, id) = (environment.api, conversation.id)
        Task { try? await api.sendTyping(conversationId: id) }
    }

    private func markRead() {
        do {
            let ids = try environment.messages.markRead(conversationId: conversation.id)
            guard !ids.isEmpty, defaults.bool(forKey: "readReceiptsEnabled") else { return }
            let (api, id) = (environment.api, conversation.id)
            Task { try? await api.sendReadReceipts(messageIds: ids, conversationId: id) }
            Log.info("chat.receipts.sent count=\(ids.count) conversation=\(id)", category: .ui)
        } catch {
            Log.error("chat.markread.failed conversation=\(conversation.id) error=\(error.localizedDescription)", category: .ui)
        }
    }
}
