import Foundation
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

enum SQLiteError: Error {
    case open(Int32)
    case statement(Int32, String)
}

enum SQLiteValue {
    case text(String)
    case blob(Data)
    case integer(Int64)
    case real(Double)
}

/// Small wrapper over the SQLite3 C API. Values always go through `sqlite3_bind_*`;
/// `execute(_:)` is only for fixed DDL and PRAGMA strings.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    private let lock = NSRecursiveLock()

    init(url: URL) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_FILEPROTECTION_COMPLETEUNLESSOPEN
        let rc = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard rc == SQLITE_OK else {
            sqlite3_close(handle)
            throw SQLiteError.open(rc)
        }
        try execute("PRAGMA journal_mode = WAL; PRAGMA secure_delete = ON;")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws {
        try locked {
            let rc = sqlite3_exec(handle, sql, nil, nil, nil)
            guard rc == SQLITE_OK else { throw SQLiteError.statement(rc, lastErrorMessage) }
        }
    }

    func run(_ sql: String, _ values: [SQLiteValue] = []) throws {
        _ = try query(sql, values) { _ in () }
    }

    /// `map` is called once per row with the live statement; read columns with `sqlite3_column_*`.
    func query<T>(_ sql: String, _ values: [SQLiteValue] = [], map: (OpaquePointer) throws -> T) throws -> [T] {
        try locked {
            var statement: OpaquePointer?
            var rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
            guard rc == SQLITE_OK, let statement else { throw SQLiteError.statement(rc, lastErrorMessage) }
            defer { sqlite3_finalize(statement) }

            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .text(let string):
                    rc = sqlite3_bind_text(statement, index, string, -1, SQLITE_TRANSIENT)
                case .blob(let data):
                    rc = data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
                case .integer(let number):
                    rc = sqlite3_bind_int64(statement, index, number)
                case .real(let number):
                    rc = sqlite3_bind_double(statement, index, number)
                }
                guard rc == SQLITE_OK else { throw SQLiteError.statement(rc, lastErrorMessage) }
            }

            var rows: [T] = []
            while true {
                rc = sqlite3_step(statement)
                switch rc {
                case SQLITE_ROW: rows.append(try map(statement))
                case SQLITE_DONE: return rows
                default: throw SQLiteError.statement(rc, lastErrorMessage)
                }
            }
        }
    }

    func transaction(_ body: () throws -> Void) throws {
        try locked {
            try execute("BEGIN IMMEDIATE;")
            do {
                try body()
                try execute("COMMIT;")
            } catch {
                try? execute("ROLLBACK;")
                throw error
            }
        }
    }

    private var lastErrorMessage: String {
        String(cString: sqlite3_errmsg(handle))
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
