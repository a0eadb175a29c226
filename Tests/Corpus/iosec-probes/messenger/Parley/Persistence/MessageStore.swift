import Combine
import Foundation

struct Conversation: Identifiable, Hashable, Codable, Sendable {
    let id: String
    var title: String
    var peerUserId: String?
    var updatedAt: Date
    var unreadCount: Int
    var isMuted: Bool
    var isVerified: Bool
    var lastMessagePreview: String?
}

struct Message: Identifiable, Hashable, Codable, Sendable {
    enum Direction: Int, Codable { case incoming = 0, outgoing = 1 }
    enum Status: Int, Codable { case pending = 0, sent, delivered, read, failed }

    let id: String
    let conversationId: String
    let senderDeviceId: String
    var body: String
    let sentAt: Date
    let direction: Direction
    var status: Status
    /// Sender chain position; orders messages that share a timestamp.
    var chainIndex: UInt32
    var attachmentId: String?
}

extension Message {
    init(incoming envelope: Envelope, payload: MessagePayload) {
        self.init(id: envelope.messageId, conversationId: envelope.conversationId,
                  senderDeviceId: envelope.senderDeviceId, body: payload.body, sentAt: payload.sentAt,
                  direction: .incoming, status: .delivered, chainIndex: envelope.nonce,
                  attachmentId: payload.attachment?.id)
    }

    fileprivate static func selectList(alias: String? = nil) -> String {
        let prefix = alias.map { "\($0)." } ?? ""
        let columns = ["id", "conversation_id", "sender_device_id", "body", "sent_at",
                       "direction", "status", "chain_index", Schema.Column.attachmentId]
        return columns.map { prefix + $0 }.joined(separator: ", ")
    }

    fileprivate init(row: Row) {
        self.init(id: row.string(0), conversationId: row.string(1), senderDeviceId: row.string(2),
                  body: row.string(3), sentAt: row.date(4),
                  direction: Direction(rawValue: Int(row.int(5))) ?? .incoming,
                  status: Status(rawValue: Int(row.int(6))) ?? .sent,
                  chainIndex: UInt32(truncatingIfNeeded: row.int(7)),
                  attachmentId: row.optionalString(8))
    }
}

final class MessageStore: @unchecked Sendable {
    /// Emits the id of every conversation whose contents changed.
    let didChange = PassthroughSubject<String, Never>()
    private let db: Database

    init(database: Database) {
        self.db = database
    }

    // MARK: - Conversations

    func upsertConversation(_ dto: ConversationDTO) throws {
        try db.run("""
            INSERT INTO \(Schema.conversations) (id, title, peer_user_id, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, peer_user_id = excluded.peer_user_id
            """, .text(dto.id), .text(dto.title), .optionalText(dto.peerUserId), .date(Date()))
        didChange.send(dto.id)
    }

    func conversations() throws -> [Conversation] {
        try db.query(conversationSelect + " ORDER BY c.updated_at DESC", map: conversation(from:))
    }

    func conversation(id: String) throws -> Conversation? {
        try db.query(conversationSelect + " WHERE c.id = ?", [.text(id)], map: conversation(from:)).first
    }

    func totalUnread() throws -> Int {
        try db.query("SELECT COALESCE(SUM(unread_count), 0) FROM \(Schema.conversations) WHERE muted = 0") {
            Int($0.int(0))
        }.first ?? 0
    }

    func setVerified(_ verified: Bool, conversationId: String) throws {
        try db.run("UPDATE \(Schema.conversations) SET verified = ? WHERE id = ?",
                   .int(verified ? 1 : 0), .text(conversationId))
        didChange.send(conversationId)
    }

    private var conversationSelect: String {
        """
        SELECT c.id, c.title, c.peer_user_id, c.updated_at, c.unread_count, c.muted, c.verified,
               (SELECT m.body FROM \(Schema.messages) m WHERE m.conversation_id = c.id ORDER BY m.sent_at DESC LIMIT 1)
        FROM \(Schema.conversations) c
        """
    }

    private func conversation(from row: Row) -> Conversation {
        Conversation(id: row.string(0), title: row.string(1), peerUserId: row.optionalString(2),
                     updatedAt: row.date(3), unreadCount: Int(row.int(4)), isMuted: row.int(5) != 0,
                     isVerified: row.int(6) != 0, lastMessagePreview: row.optionalString(7))
    }

    // MARK: - Messages

    func insert(_ messages: [Message]) throws {
        guard !messages.isEmpty else { return }
        try db.transaction {
            for message in messages {
                try db.run("""
                    INSERT OR IGNORE INTO \(Schema.messages)
                        (id, conversation_id, sender_device_id, body, sent_at, direction, status, chain_index, \(Schema.Column.attachmentId))
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    .text(message.id), .text(message.conversationId), .text(message.senderDeviceId),
                    .text(message.body), .date(message.sentAt), .integer(message.direction.rawValue),
                    .integer(message.status.rawValue), .int(Int64(message.chainIndex)), .optionalText(message.attachmentId))
                guard db.changes > 0 else { continue }
                try db.run("""
                    UPDATE \(Schema.conversations) SET unread_count = unread_count + ?, updated_at = MAX(updated_at, ?)
                    WHERE id = ?
                    """, .integer(message.direction == .incoming ? 1 : 0), .date(message.sentAt), .text(message.conversationId))
            }
        }
        Set(messages.map(\.conversationId)).forEach { didChange.send($0) }
    }

    func message(id: String) throws -> Message? {
        try db.query("SELECT \(Message.selectList()) FROM \(Schema.messages) WHERE id = ?", [.text(id)],
                     map: Message.init(row:)).first
    }

    func contains(messageId: String) -> Bool {
        let rows = try? db.query("SELECT 1 FROM \(Schema.messages) WHERE id = ? LIMIT 1", [.text(messageId)]) { _ in true }
        return rows?.isEmpty == false
    }

    /// Newest page before `before`, returned oldest-first for display.
    func messages(in conversationId: String, before: Date? = nil, limit: Int = 50) throws -> [Message] {
        try db.query("""
            SELECT \(Message.selectList()) FROM \(Schema.messages)
            WHERE conversation_id = ? AND sent_at < ?
            ORDER BY sent_at DESC, chain_index DESC LIMIT ?
            """, [.text(conversationId), .date(before ?? .distantFuture), .integer(limit)],
            map: Message.init(row:)).reversed()
    }

    func updateStatus(_ status: Message.Status, messageId: String, chainIndex: UInt32? = nil) throws {
        try db.run("UPDATE \(Schema.messages) SET status = ?, chain_index = COALESCE(?, chain_index) WHERE id = ?",
                   .integer(status.rawValue), chainIndex.map { SQLValue.int(Int64($0)) } ?? .null, .text(messageId))
        if let conversationId = try message(id: messageId)?.conversationId {
            didChange.send(conversationId)
        }
    }

    /// Marks incoming messages read and returns their ids for read receipts.
    @discardableResult
    func markRead(conversationId: String) throws -> [String] {
        let incoming = Message.Direction.incoming.rawValue
        let read = Message.Status.read.rawValue
        var ids: [String] = []
        try db.transaction {
            ids = try db.query("SELECT id FROM \(Schema.messages) WHERE conversation_id = ? AND direction = ? AND status != ?",
                               [.text(conversationId), .integer(incoming), .integer(read)]) { $0.string(0) }
            try db.run("UPDATE \(Schema.messages) SET status = ? WHERE conversation_id = ? AND direction = ?",
                       .integer(read), .text(conversationId), .integer(incoming))
            try db.run("UPDATE \(Schema.conversations) SET unread_count = 0 WHERE id = ?", .text(conversationId))
        }
        didChange.send(conversationId)
        return ids
    }

    func apply(_ receipts: [ReceiptEvent]) throws {
        try db.transaction {
            for receipt in receipts {
                let status: Message.Status = receipt.kind == .read ? .read : .delivered
                // MAX() so a late "delivered" never downgrades a message that is already "read".
                try db.run("UPDATE \(Schema.messages) SET status = MAX(status, ?) WHERE id = ? AND direction = ?",
                           .integer(status.rawValue), .text(receipt.messageId), .integer(Message.Direction.outgoing.rawValue))
            }
        }
    }

    // MARK: - Search

    func search(_ text: String, in conversationId: String?, limit: Int = 50) throws -> [Message] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        if Self.needsSubstringSearch(trimmed) {
            return try substringSearch(trimmed, in: conversationId, limit: limit)
        }
        guard let match = Self.ftsQuery(from: trimmed) else { return [] }
        return try db.query("""
            SELECT \(Message.selectList(alias: "m")) FROM \(Schema.messagesFTS) f
            JOIN \(Schema.messages) m ON m.rowid = f.rowid
            WHERE \(Schema.messagesFTS) MATCH ?1 AND (?2 IS NULL OR m.conversation_id = ?2)
            ORDER BY m.sent_at DESC LIMIT ?3
            """, [.text(match), .optionalText(conversationId), .integer(limit)], map: Message.init(row:))
    }

    /// Quotes every token so input can't use FTS operators; each token is a prefix match.
    static func ftsQuery(from text: String) -> String? {
        let tokens = text
            .split(whereSeparator: { $0.isWhitespace || $0.isPunctuation })
            .prefix(8)
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return tokens.isEmpty ? nil : tokens.joined(separator: " ")
    }

    /// unicode61 doesn't segment CJK, so those scripts fall back to a substring scan.
    private static func needsSubstringSearch(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isIdeographic || (0x3040...0x30FF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value) }
    }

    private func substringSearch(_ text: String, in conversationId: String?, limit: Int) throws -> [Message] {
        let escaped = text
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        var sql = "SELECT \(Message.selectList()) FROM \(Schema.messages) WHERE body LIKE '%\(escaped)%' ESCAPE '\\'"
        var arguments: [SQLValue] = []
        if let conversationId {
            sql += " AND conversation_id = ?"
            arguments.append(.text(conversationId))
        }
        sql += " ORDER BY sent_at DESC LIMIT ?"
        arguments.append(.integer(limit))
        return try db.query(sql, arguments, map: Message.init(row:))
    }

    // MARK: - Restore

    func importConversations(_ conversations: [Conversation]) throws {
        try db.transaction {
            for conversation in conversations {
                try db.run("""
                    INSERT OR REPLACE INTO \(Schema.conversations) (id, title, peer_user_id, updated_at, muted, verified)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, .text(conversation.id), .text(conversation.title), .optionalText(conversation.peerUserId),
                    .date(conversation.updatedAt), .int(conversation.isMuted ? 1 : 0), .int(conversation.isVerified ? 1 : 0))
            }
        }
        conversations.forEach { didChange.send($0.id) }
    }
}
