import Foundation

enum Schema {
    static let conversations = "conversations"
    static let messages = "messages"
    static let messagesFTS = "messages_fts"
    static let sessions = "sessions"

    enum Column {
        static let editedAt = "edited_at"
        static let expiresAt = "expires_at"
        static let attachmentId = "attachment_id"
    }
}

struct Migration {
    let version: Int32
    let statements: [String]
}

struct Migrator {
    let database: Database

    static let migrations: [Migration] = [
        Migration(version: 1, statements: [
            """
            CREATE TABLE IF NOT EXISTS \(Schema.conversations) (
                id TEXT PRIMARY KEY NOT NULL,
                title TEXT NOT NULL,
                peer_user_id TEXT,
                updated_at REAL NOT NULL,
                unread_count INTEGER NOT NULL DEFAULT 0,
                muted INTEGER NOT NULL DEFAULT 0,
                verified INTEGER NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS \(Schema.messages) (
                id TEXT PRIMARY KEY NOT NULL,
                conversation_id TEXT NOT NULL REFERENCES \(Schema.conversations)(id) ON DELETE CASCADE,
                sender_device_id TEXT NOT NULL,
                body TEXT NOT NULL,
                sent_at REAL NOT NULL,
                direction INTEGER NOT NULL,
                status INTEGER NOT NULL,
                chain_index INTEGER NOT NULL DEFAULT 0
            )
            """,
            "CREATE INDEX IF NOT EXISTS idx_messages_conversation ON \(Schema.messages)(conversation_id, sent_at)",
        ]),
        Migration(version: 2, statements: [
            """
            CREATE TABLE IF NOT EXISTS \(Schema.sessions) (
                conversation_id TEXT PRIMARY KEY NOT NULL,
                state BLOB NOT NULL,
                updated_at REAL NOT NULL
            )
            """,
        ]),
        Migration(version: 3, statements: [
            """
            CREATE VIRTUAL TABLE IF NOT EXISTS \(Schema.messagesFTS) USING fts5(
                body, content='\(Schema.messages)', content_rowid='rowid',
                tokenize='unicode61 remove_diacritics 2'
            )
            """,
            """
            CREATE TRIGGER IF NOT EXISTS messages_ai AFTER INSERT ON \(Schema.messages) BEGIN
                INSERT INTO \(Schema.messagesFTS)(rowid, body) VALUES (new.rowid, new.body);
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS messages_ad AFTER DELETE ON \(Schema.messages) BEGIN
                INSERT INTO \(Schema.messagesFTS)(\(Schema.messagesFTS), rowid, body) VALUES ('delete', old.rowid, old.body);
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS messages_au AFTER UPDATE OF body ON \(Schema.messages) BEGIN
                INSERT INTO \(Schema.messagesFTS)(\(Schema.messagesFTS), rowid, body) VALUES ('delete', old.rowid, old.body);
                INSERT INTO \(Schema.messagesFTS)(rowid, body) VALUES (new.rowid, new.body);
            END
            """,
            "INSERT INTO \(Schema.messagesFTS)(\(Schema.messagesFTS)) VALUES ('rebuild')",
        ]),
        Migration(version: 4, statements: [
            "ALTER TABLE \(Schema.messages) ADD COLUMN \(Schema.Column.editedAt) REAL",
            "ALTER TABLE \(Schema.messages) ADD COLUMN \(Schema.Column.expiresAt) REAL",
        ]),
        Migration(version: 5, statements: [
            "ALTER TABLE \(Schema.messages) ADD COLUMN \(Schema.Column.attachmentId) TEXT",
        ]),
    ]

    static var latestVersion: Int32 { migrations.last?.version ?? 0 }

    func migrate() throws {
        let current = try database.userVersion()
        if current > Self.latestVersion {
            // An older build installed over a newer one; refuse rather than corrupt.
            throw SQLiteError(code: -1, message: "database version \(current) is newer than \(Self.latestVersion)")
        }
        guard current < Self.latestVersion else { return }
        for migration in Self.migrations where migration.version > current {
            try database.transaction {
                for statement in migration.statements {
                    try database.execute(statement)
                }
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
            Log.info("db.migrated from=\(current) to=\(migration.version)", category: .storage)
        }
    }
}
