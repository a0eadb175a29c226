import Foundation
import os
import UserNotifications

/// Decrypts incoming message pushes so the banner can show sender and text.
/// Shares the keychain group and the app-group database with the main app.
final class NotificationService: UNNotificationServiceExtension {
    private let logger = Logger(subsystem: "com.parley.ios.notification-service", category: "push")
    private let lock = NSLock()
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttempt: UNMutableNotificationContent?
    private var work: Task<Void, Never>?

    override func didReceive(_ request: UNNotificationRequest,
                             withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        // Generic text until decryption succeeds; this is what shows if we run out of time.
        content.title = Strings.tr("push.fallback.title")
        content.body = Strings.tr("push.fallback.body")
        content.categoryIdentifier = "parley.message"
        lock.withLock {
            self.contentHandler = contentHandler
            self.bestAttempt = content
        }

        let userInfo = request.content.userInfo
        work = Task { [weak self] in
            await self?.decrypt(userInfo: userInfo, into: content)
            self?.deliver()
        }
    }

    override func serviceExtensionTimeWillExpire() {
        logger.notice("push.expired")
        work?.cancel()
        deliver()
    }

    private func deliver() {
        let pending: (((UNNotificationContent) -> Void)?, UNNotificationContent?) = lock.withLock {
            defer { contentHandler = nil }
            return (contentHandler, bestAttempt)
        }
        if let handler = pending.0, let content = pending.1 {
            handler(content)
        }
    }

    private func decrypt(userInfo: [AnyHashable: Any], into content: UNMutableNotificationContent) async {
        do {
            let context = try ExtensionContext.make()
            let envelope = try await context.envelope(from: userInfo)
            logger.info("push.received id=\(envelope.messageId, privacy: .public) conversation=\(envelope.conversationId, privacy: .public) index=\(envelope.nonce, privacy: .public)")

            let message: Message
            if let stored = try context.store.message(id: envelope.messageId) {
                // Already delivered via sync; re-opening would fail because the key was consumed.
                message = stored
            } else {
                let payload = try await context.sessions.open(envelope)
                message = Message(incoming: envelope, payload: payload)
                try context.store.insert([message])
            }

            let conversation = try context.store.conversation(id: envelope.conversationId)
            content.threadIdentifier = envelope.conversationId
            content.title = conversation?.title ?? Strings.tr("push.fallback.title")
            if AppGroup.defaults.object(forKey: "showMessagePreviews") as? Bool ?? true {
                content.body = message.attachmentId == nil ? message.body : Strings.tr("push.attachment")
            }
            content.badge = NSNumber(value: try context.store.totalUnread())
            logger.debug("push.decrypted id=\(envelope.messageId, privacy: .public) length=\(message.body.count, privacy: .public) body=\(message.body, privacy: .private)")
        } catch {
            logger.error("push.decrypt.failed error=\(error.localizedDescription, privacy: .public)")
        }
    }
}

private struct ExtensionContext {
    let store: MessageStore
    let sessions: SessionManager
    let api: APIClient

    static func make() throws -> ExtensionContext {
        let database = try Database.openShared()
        let api = APIClient(auth: AuthSessionStore())
        // No API client for the session manager: the extension never initiates sessions.
        let sessions = SessionManager(database: database, identity: IdentityKeyStore(), api: nil)
        return ExtensionContext(store: MessageStore(database: database), sessions: sessions, api: api)
    }

    /// Small envelopes ride inline in the push (`e`); larger ones are fetched by id (`mid`).
    func envelope(from userInfo: [AnyHashable: Any]) async throws -> Envelope {
        if let inline = userInfo["e"] as? String, let data = Data(base64Encoded: inline) {
            return try JSONDecoder().decode(Envelope.self, from: data)
        }
        guard let messageId = userInfo["mid"] as? String, UUID(uuidString: messageId) != nil else {
            throw CipherError.malformed
        }
        return try await api.fetchEnvelope(id: messageId)
    }
}
