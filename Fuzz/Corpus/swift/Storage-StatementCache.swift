import Foundation
import SQLite3

/// Caches downloaded statements in a local SQLite database for offline viewing.
final class StatementCache {
    private var db: OpaquePointer?

    init(path: String) {
        sqlite3_open(path, &db)
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS statements (month TEXT PRIMARY KEY, body BLOB)", nil, nil, nil)
    }

    /// Removes the statements of one month, as picked in the history screen.
    func remove(month: String) {
        sqlite3_exec(db, "DELETE FROM statements WHERE month = '\(month)'", nil, nil, nil)
    }

    /// Remembers the card the last statement was paid with.
    func rememberCard(number: String) {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO cards (id, card_number) VALUES (1, ?)", -1, &statement, nil)
        sqlite3_bind_text(statement, 1, number, -1, nil)
        sqlite3_step(statement)
    }
}
