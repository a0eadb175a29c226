import Foundation
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

enum SQLValue {
    case int(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    static func optionalText(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    static func integer(_ value: Int) -> SQLValue { .int(Int64(value)) }
    static func date(_ value: Date?) -> SQLValue { value.map { .real($0.timeIntervalSince1970) } ?? .null }
}

struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }
}

struct Row {
    fileprivate let statement: OpaquePointer

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func date(_ column: Int32) -> Date { Date(timeIntervalSince1970: sqlite3_column_double(statement, column)) }

    func string(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }

    func optionalString(_ column: Int32) -> String? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : string(column)
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

/// Serialised access to one SQLite connection. All statements use bound parameters;
/// the only interpolated SQL is schema DDL built from constants in `Schema`.
final class Database: @unchecked Sendable {
    let url: URL
    private var handle: OpaquePointer?
    private let queue = DispatchQueue(label: "com.parley.database")
    private let queueKey = DispatchSpecificKey<Bool>()

    static func openShared() throws -> Database {
        var directory = AppGroup.containerURL.appending(path: "Database", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication])
        var resourceValues = URLResourceValues()
        resourceValues.isExcludedFromBackup = true
        try directory.setResourceValues(resourceValues)

        let database = try Database(url: directory.appending(path: "parley.sqlite"))
        try Migrator(database: database).migrate()
        return database
    }

    init(url: URL) throws {
        self.url = url
        queue.setSpecific(key: queueKey, value: true)

        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
            | SQLITE_OPEN_FILEPROTECTION_COMPLETEUNTILFIRSTUSERAUTHENTICATION
        let rc = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard rc == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "open failed"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: rc, message: message)
        }
        sqlite3_busy_timeout(handle, 3_000)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA secure_delete = ON")
        try applyFileProtection()
    }

    deinit { sqlite3_close_v2(handle) }

    // MARK: - Statements

    func execute(_ sql: String) throws {
        try sync {
            var errorMessage: UnsafeMutablePointer<CChar>?
            let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
            guard rc == SQLITE_OK else {
                let message = errorMessage.map { String(cString: $0) } ?? "unknown"
                sqlite3_free(errorMessage)
                throw SQLiteError(code: rc, message: message)
            }
        }
    }

    func run(_ sql: String, _ values: SQLValue...) throws { try run(sql, values) }

    func run(_ sql: String, _ values: [SQLValue]) throws {
        try sync {
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            try bind(values, to: statement)
            let rc = sqlite3_step(statement)
            guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw lastError(rc) }
        }
    }

    func query<T>(_ sql: String, _ values: [SQLValue] = [], map: (Row) throws -> T) throws -> [T] {
        try sync {
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            try bind(values, to: statement)
            var results: [T] = []
            while true {
                let rc = sqlite3_step(statement)
                if rc == SQLITE_DONE { break }
                guard rc == SQLITE_ROW else { throw lastError(rc) }
                results.append(try map(Row(statement: statement)))
            }
            return results
        }
    }

    /// Nested calls join the enclosing transaction.
    func transaction(_ body: () throws -> Void) throws {
        try sync {
            if sqlite3_get_autocommit(handle) == 0 {
                try body()
                return
            }
            try execute("BEGIN IMMEDIATE")
            do {
                try body()
                try execute("COMMIT")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    var changes: Int { sync { Int(sqlite3_changes(handle)) } }

    func userVersion() throws -> Int32 {
        try query("PRAGMA user_version") { Int32($0.int(0)) }.first ?? 0
    }

    // MARK: - Internals

    private func sync<T>(_ work: () throws -> T) rethrows -> T {
        if DispatchQueue.getSpecific(key: queueKey) == true {
            return try work()
        }
        return try queue.sync(execute: work)
    }

    private func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw lastError(rc) }
        return statement
    }

    private func bind(_ values: [SQLValue], to statement: OpaquePointer) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .int(let number):
                rc = sqlite3_bind_int64(statement, index, number)
            case .real(let number):
                rc = sqlite3_bind_double(statement, index, number)
            case .text(let string):
                rc = sqlite3_bind_text(statement, index, string, -1, SQLITE_TRANSIENT)
            case .blob(let data):
                rc = data.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
                }
            case .null:
                rc = sqlite3_bind_null(statement, index)
            }
            guard rc == SQLITE_OK else { throw lastError(rc) }
        }
    }

    private func lastError(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// The notification service extension writes messages it decrypts while the device
    /// is locked, so this file (and its WAL/SHM companions) can't use `.complete`.
    private func applyFileProtection() throws {
        let fileManager = FileManager.default
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            guard fileManager.fileExists(atPath: path) else { continue }
            try fileManager.setAttributes(
                [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
                ofItemAtPath: path
            )
        }
    }
}
