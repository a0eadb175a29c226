import Foundation
import CryptoKit
import SQLite3

/// Per-entry cache of the vault in SQLite.
///
/// Each row's `payload` is an AES-GCM envelope of one `VaultEntry`, sealed under a sub-key
/// of the vault key with the entry ID as associated data. Only the ID, timestamp and
/// favourite flag are stored in clear, so rows can be sorted without decrypting.
final class EntryStore {
    private static let schemaVersion = 2
    private let db: SQLiteDatabase

    init(database: SQLiteDatabase) throws {
        db = database
        try migrate()
    }

    func upsert(_ entries: [VaultEntry], using vaultKey: SymmetricKey) throws {
        let rowKey = VaultCrypto.entryKey(from: vaultKey)
        try db.transaction {
            for entry in entries { try write(entry, rowKey: rowKey) }
        }
    }

    func loadAll(using vaultKey: SymmetricKey) throws -> [VaultEntry] {
        let rowKey = VaultCrypto.entryKey(from: vaultKey)
        let rows = try db.query("SELECT id, payload FROM entries ORDER BY is_favorite DESC, updated_at DESC;") { statement in
            let id = sqlite3_column_text(statement, 0).flatMap { UUID(uuidString: String(cString: $0)) }
            let payload = sqlite3_column_blob(statement, 1).map { Data(bytes: $0, count: Int(sqlite3_column_bytes(statement, 1))) }
            return (id, payload)
        }
        var entries: [VaultEntry] = []
        for case let (id?, payload?) in rows {
            do {
                entries.append(try VaultCrypto.openJSON(payload, using: rowKey, context: Self.context(for: id)))
            } catch {
                Log.storage.error("Row \(id.uuidString, privacy: .public) failed to decrypt; skipped")
            }
        }
        return entries
    }

    func delete(id: UUID) throws {
        try db.run("DELETE FROM entries WHERE id = ?;", [.text(id.uuidString)])
    }

    func replaceAll(_ entries: [VaultEntry], using vaultKey: SymmetricKey) throws {
        let rowKey = VaultCrypto.entryKey(from: vaultKey)
        try db.transaction {
            try db.run("DELETE FROM entries;")
            for entry in entries { try write(entry, rowKey: rowKey) }
        }
        Log.storage.info("Entry cache replaced with \(entries.count) rows")
    }

    private func write(_ entry: VaultEntry, rowKey: SymmetricKey) throws {
        let payload = try VaultCrypto.sealJSON(entry, using: rowKey, context: Self.context(for: entry.id))
        try db.run(
            """
            INSERT INTO entries (id, updated_at, is_favorite, payload) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET
                updated_at = excluded.updated_at, is_favorite = excluded.is_favorite, payload = excluded.payload;
            """,
            [.text(entry.id.uuidString), .real(entry.updatedAt.timeIntervalSince1970), .integer(entry.isFavorite ? 1 : 0), .blob(payload)]
        )
    }

    private func migrate() throws {
        let current = try db.query("PRAGMA user_version;") { Int(sqlite3_column_int64($0, 0)) }.first ?? 0
        guard current < Self.schemaVersion else { return }
        try db.transaction {
            if current < 1 {
                try db.execute("CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY NOT NULL, updated_at REAL NOT NULL, payload BLOB NOT NULL);")
            }
            if current < 2 {
                try db.execute("ALTER TABLE entries ADD COLUMN is_favorite INTEGER NOT NULL DEFAULT 0;")
                try db.execute("CREATE INDEX IF NOT EXISTS idx_entries_updated ON entries(updated_at);")
            }
            // PRAGMA can't take bound parameters; the version is a constant from code.
            try db.execute("PRAGMA user_version = \(Self.schemaVersion);")
        }
        Log.storage.info("Migrated entry store from v\(current) to v\(Self.schemaVersion)")
    }

    private static func context(for id: UUID) -> Data {
        Data("lockbox.entry.v2|\(id.uuidString)".utf8)
    }
}
