import Foundation
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

enum TransactionStoreError: Error {
    case open(String)
    case prepare(String)
    case step(String)
}

/// Offline cache of recent transactions so the account screen renders instantly.
final class TransactionStore {
    enum Table: String, CaseIterable {
        case transactions = "cached_transactions"
        case syncState = "sync_state"
    }

    private static let columns = "id, account_id, booked_at, merchant_name, memo, amount, currency, category"
    private static let schemaVersion = 3
    private static let maxRows = 500

    private var db: OpaquePointer?
    private let queue = DispatchQueue(label: "com.northwindbank.storage.transactions")

    init(fileURL: URL) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(fileURL.path, &db, flags, nil) == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "unknown"
            sqlite3_close(db)
            db = nil
            throw TransactionStoreError.open(message)
        }
        try FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.complete],
            ofItemAtPath: fileURL.path
        )
        try migrate()
    }

    deinit {
        sqlite3_close(db)
    }

    // MARK: - Writes

    func upsert(_ transactions: [Transaction]) throws {
        let sql = "INSERT OR REPLACE INTO \(Table.transactions.rawValue) (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?);"
        try queue.sync {
            try execute("BEGIN IMMEDIATE TRANSACTION;")
            do {
                try withStatement(sql) { statement in
                    for transaction in transactions {
                        sqlite3_reset(statement)
                        sqlite3_clear_bindings(statement)
                        bind(transaction.id, at: 1, in: statement)
                        bind(transaction.accountId, at: 2, in: statement)
                        sqlite3_bind_double(statement, 3, transaction.bookedAt.timeIntervalSince1970)
                        bind(transaction.merchantName, at: 4, in: statement)
                        bind(transaction.memo, at: 5, in: statement)
                        bind(NSDecimalNumber(decimal: transaction.amount.amount).stringValue, at: 6, in: statement)
                        bind(transaction.amount.currency, at: 7, in: statement)
                        bind(transaction.category, at: 8, in: statement)
                        guard sqlite3_step(statement) == SQLITE_DONE else {
                            throw TransactionStoreError.step(lastErrorMessage)
                        }
                    }
                }
                try execute("COMMIT;")
            } catch {
                try? execute("ROLLBACK;")
                throw error
            }
        }
    }

    func saveSyncState(accountId: String, nextCursor: String?) throws {
        let sql = "INSERT OR REPLACE INTO \(Table.syncState.rawValue) (account_id, next_cursor, synced_at) VALUES (?, ?, ?);"
        try queue.sync {
            try withStatement(sql) { statement in
                bind(accountId, at: 1, in: statement)
                bind(nextCursor, at: 2, in: statement)
                sqlite3_bind_double(statement, 3, Date().timeIntervalSince1970)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw TransactionStoreError.step(lastErrorMessage) }
            }
        }
    }

    func wipe() throws {
        try queue.sync {
            for table in Table.allCases {
                try execute("DELETE FROM \(table.rawValue);")
            }
            try execute("VACUUM;")
        }
    }

    // MARK: - Reads

    func recentTransactions(accountId: String, limit: Int = 50) throws -> [Transaction] {
        let sql = """
            SELECT \(Self.columns) FROM \(Table.transactions.rawValue)
            WHERE account_id = ?
            ORDER BY booked_at DESC
            LIMIT \(Self.clamped(limit));
            """
        return try queue.sync {
            try withStatement(sql) { statement in
                bind(accountId, at: 1, in: statement)
                return try readTransactions(from: statement)
            }
        }
    }

    func search(accountId: String, matching text: String, limit: Int = 100) throws -> [Transaction] {
        let term = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !term.isEmpty else { return try recentTransactions(accountId: accountId, limit: limit) }
        let sql = """
            SELECT \(Self.columns) FROM \(Table.transactions.rawValue)
            WHERE account_id = ?
              AND (merchant_name LIKE '%\(term)%' OR memo LIKE '%\(term)%')
            ORDER BY booked_at DESC
            LIMIT \(Self.clamped(limit));
            """
        return try queue.sync {
            try withStatement(sql) { statement in
                bind(accountId, at: 1, in: statement)
                return try readTransactions(from: statement)
            }
        }
    }

    func merchantSuggestions(prefix: String, limit: Int = 8) throws -> [String] {
        let escaped = prefix
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        let sql = """
            SELECT DISTINCT merchant_name FROM \(Table.transactions.rawValue)
            WHERE merchant_name LIKE ? ESCAPE '\\'
            ORDER BY merchant_name
            LIMIT \(Self.clamped(limit));
            """
        return try queue.sync {
            try withStatement(sql) { statement in
                bind(escaped + "%", at: 1, in: statement)
                var names: [String] = []
                while sqlite3_step(statement) == SQLITE_ROW {
                    if let name = columnText(statement, 0) { names.append(name) }
                }
                return names
            }
        }
    }

    // MARK: - SQLite plumbing

    private func migrate() throws {
        try execute("PRAGMA journal_mode = WAL;")
        try execute("""
            CREATE TABLE IF NOT EXISTS \(Table.transactions.rawValue) (
                id TEXT PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL,
                booked_at REAL NOT NULL,
                merchant_name TEXT NOT NULL,
                memo TEXT,
                amount TEXT NOT NULL,
                currency TEXT NOT NULL,
                category TEXT
            );
            CREATE INDEX IF NOT EXISTS idx_txn_account_booked
                ON \(Table.transactions.rawValue) (account_id, booked_at DESC);
            CREATE TABLE IF NOT EXISTS \(Table.syncState.rawValue) (
                account_id TEXT PRIMARY KEY NOT NULL,
                next_cursor TEXT,
                synced_at REAL NOT NULL
            );
            PRAGMA user_version = \(Self.schemaVersion);
            """)
    }

    private func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &errorMessage) == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw TransactionStoreError.step(message)
        }
    }

    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw TransactionStoreError.prepare(lastErrorMessage)
        }
        defer { sqlite3_finalize(statement) }
        return try body(statement)
    }

    private func bind(_ value: String?, at index: Int32, in statement: OpaquePointer) {
        if let value {
            sqlite3_bind_text(statement, index, value, -1, SQLITE_TRANSIENT)
        } else {
            sqlite3_bind_null(statement, index)
        }
    }

    private func columnText(_ statement: OpaquePointer, _ index: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, index) else { return nil }
        return String(cString: text)
    }

    private func readTransactions(from statement: OpaquePointer) throws -> [Transaction] {
        var rows: [Transaction] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            guard result == SQLITE_ROW else { throw TransactionStoreError.step(lastErrorMessage) }
            rows.append(Transaction(
                id: columnText(statement, 0) ?? "",
                accountId: columnText(statement, 1) ?? "",
                bookedAt: Date(timeIntervalSince1970: sqlite3_column_double(statement, 2)),
                merchantName: columnText(statement, 3) ?? "",
                memo: columnText(statement, 4),
                amount: Money(
                    amount: Decimal(string: columnText(statement, 5) ?? "0") ?? 0,
                    currency: columnText(statement, 6) ?? "GBP"
                ),
                category: columnText(statement, 7)
            ))
        }
        return rows
    }

    private var lastErrorMessage: String {
        db.map { String(cString: sqlite3_errmsg($0)) } ?? "database closed"
    }

    private static func clamped(_ limit: Int) -> Int {
        max(1, min(limit, maxRows))
    }
}
