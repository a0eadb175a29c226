import Foundation
import SQLite3

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

enum DatabaseError: Error {
    case open(String)
    case prepare(String)
    case step(String)
}

/// Local cache of workouts shown in the feed. HealthKit remains the source of truth;
/// this exists so the list renders instantly and works for Garmin/Strava imports.
final class WorkoutDatabase {
    enum SortOrder: String, CaseIterable {
        case newest
        case oldest
        case longest
        case fastest

        /// Column and direction are fixed per case, never taken from user text.
        fileprivate var orderByClause: String {
            switch self {
            case .newest: return "start_date DESC"
            case .oldest: return "start_date ASC"
            case .longest: return "distance_m DESC"
            case .fastest: return "avg_pace ASC"
            }
        }
    }

    private var db: OpaquePointer?
    private let queue = DispatchQueue(label: "com.stridecoach.db", qos: .userInitiated)
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(fileName: String = "workouts.sqlite") throws {
        let directory = try FileManager.default.applicationSupportDirectory(appending: "Database")
        let url = directory.appendingPathComponent(fileName)

        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(url.path, &db, flags, nil) == SQLITE_OK else {
            throw DatabaseError.open(String(cString: sqlite3_errmsg(db)))
        }
        try? (url as NSURL).setResourceValue(URLFileProtection.completeUntilFirstUserAuthentication, forKey: .fileProtectionKey)
        try migrate()
    }

    deinit {
        sqlite3_close(db)
    }

    private func migrate() throws {
        try execute("PRAGMA journal_mode = WAL;")
        try execute("""
            CREATE TABLE IF NOT EXISTS workouts (
                id TEXT PRIMARY KEY NOT NULL,
                kind TEXT NOT NULL,
                source TEXT NOT NULL,
                start_date REAL NOT NULL,
                end_date REAL NOT NULL,
                distance_m REAL NOT NULL DEFAULT 0,
                avg_pace REAL,
                avg_hr REAL,
                title TEXT,
                payload BLOB NOT NULL
            );
            """)
        try execute("CREATE INDEX IF NOT EXISTS idx_workouts_start ON workouts(start_date);")
    }

    private func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, sql, nil, nil, &errorMessage) != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? "unknown"
            sqlite3_free(errorMessage)
            throw DatabaseError.step(message)
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError.prepare(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    // MARK: - Writes

    func upsert(_ workouts: [Workout]) throws {
        try queue.sync {
            try execute("BEGIN IMMEDIATE TRANSACTION;")
            let statement = try prepare("""
                INSERT INTO workouts (id, kind, source, start_date, end_date, distance_m, avg_pace, avg_hr, title, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET
                    kind = excluded.kind, end_date = excluded.end_date, distance_m = excluded.distance_m,
                    avg_pace = excluded.avg_pace, avg_hr = excluded.avg_hr, title = excluded.title,
                    payload = excluded.payload;
                """)
            defer { sqlite3_finalize(statement) }

            for workout in workouts {
                let payload = try encoder.encode(workout)
                sqlite3_bind_text(statement, 1, workout.id.uuidString, -1, SQLITE_TRANSIENT)
                sqlite3_bind_text(statement, 2, workout.kind.rawValue, -1, SQLITE_TRANSIENT)
                sqlite3_bind_text(statement, 3, workout.source.rawValue, -1, SQLITE_TRANSIENT)
                sqlite3_bind_double(statement, 4, workout.startDate.timeIntervalSince1970)
                sqlite3_bind_double(statement, 5, workout.endDate.timeIntervalSince1970)
                sqlite3_bind_double(statement, 6, workout.distanceMeters)
                bindOptional(workout.averagePace, to: statement, index: 7)
                bindOptional(workout.averageHeartRate, to: statement, index: 8)
                sqlite3_bind_text(statement, 9, workout.kind.displayName, -1, SQLITE_TRANSIENT)
                _ = payload.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, 10, buffer.baseAddress, Int32(buffer.count), SQLITE_TRANSIENT)
                }

                guard sqlite3_step(statement) == SQLITE_DONE else {
                    try? execute("ROLLBACK;")
                    throw DatabaseError.step(String(cString: sqlite3_errmsg(db)))
                }
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            try execute("COMMIT;")
        }
        Log.storage.info("Upserted \(workouts.count, privacy: .public) workouts")
    }

    // MARK: - Reads

    func workouts(kind: ActivityKind? = nil, sortedBy order: SortOrder = .newest, limit: Int = 50, offset: Int = 0) throws -> [Workout] {
        try queue.sync {
            var sql = "SELECT payload FROM workouts"
            if kind != nil {
                sql += " WHERE kind = ?"
            }
            sql += " ORDER BY \(order.orderByClause) LIMIT ? OFFSET ?;"

            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }

            var index: Int32 = 1
            if let kind {
                sqlite3_bind_text(statement, index, kind.rawValue, -1, SQLITE_TRANSIENT)
                index += 1
            }
            sqlite3_bind_int(statement, index, Int32(limit))
            sqlite3_bind_int(statement, index + 1, Int32(offset))
            return try decodeRows(statement)
        }
    }

    /// Free-text search over the localized title; the term is bound, wildcards are added here.
    func search(_ term: String, limit: Int = 25) throws -> [Workout] {
        try queue.sync {
            let statement = try prepare("SELECT payload FROM workouts WHERE title LIKE ? ESCAPE '\\' ORDER BY start_date DESC LIMIT ?;")
            defer { sqlite3_finalize(statement) }
            let escaped = term
                .replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            sqlite3_bind_text(statement, 1, "%\(escaped)%", -1, SQLITE_TRANSIENT)
            sqlite3_bind_int(statement, 2, Int32(limit))
            return try decodeRows(statement)
        }
    }

    func workout(id: UUID) throws -> Workout? {
        try queue.sync {
            let statement = try prepare("SELECT payload FROM workouts WHERE id = ? LIMIT 1;")
            defer { sqlite3_finalize(statement) }
            sqlite3_bind_text(statement, 1, id.uuidString, -1, SQLITE_TRANSIENT)
            return try decodeRows(statement).first
        }
    }

    // MARK: - Helpers

    private func bindOptional(_ value: Double?, to statement: OpaquePointer?, index: Int32) {
        if let value {
            sqlite3_bind_double(statement, index, value)
        } else {
            sqlite3_bind_null(statement, index)
        }
    }

    private func decodeRows(_ statement: OpaquePointer?) throws -> [Workout] {
        var results: [Workout] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let bytes = sqlite3_column_blob(statement, 0) else { continue }
            let length = Int(sqlite3_column_bytes(statement, 0))
            let data = Data(bytes: bytes, count: length)
            do {
                results.append(try decoder.decode(Workout.self, from: data))
            } catch {
                Log.storage.error("Skipping undecodable row: \(error.localizedDescription, privacy: .public)")
            }
        }
        return results
    }
}
