//
//  RecentSearchStore.swift
//  Dashdrop
//
//  Recent search terms for suggestions, in a tiny SQLite table so the
//  (planned) Spotlight extension can read it without Core Data.
//

import Foundation
import SQLite3

final class RecentSearchStore {

    static let shared = RecentSearchStore()

    private static let maxRows = 200
    private let queue = DispatchQueue(label: "com.dashdrop.search.sqlite")
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    private var db: OpaquePointer?

    private init() {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        let path = support.appendingPathComponent("recent_searches.sqlite").path
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_FILEPROTECTION_COMPLETE
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else { return }
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS recent_searches (term TEXT PRIMARY KEY COLLATE NOCASE, used_at REAL NOT NULL);", nil, nil, nil)
    }

    func record(_ rawTerm: String) {
        let term = rawTerm.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (2...80).contains(term.count) else { return }
        queue.async {
            self.run("INSERT OR REPLACE INTO recent_searches (term, used_at) VALUES (?, ?);") { stmt in
                sqlite3_bind_text(stmt, 1, term, -1, self.transient)
                sqlite3_bind_double(stmt, 2, Date().timeIntervalSince1970)
                sqlite3_step(stmt)
            }
            sqlite3_exec(self.db, "DELETE FROM recent_searches WHERE term NOT IN (SELECT term FROM recent_searches ORDER BY used_at DESC LIMIT \(Self.maxRows));", nil, nil, nil)
        }
    }

    func terms(matching prefix: String, limit: Int) -> [String] {
        let pattern = prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        var results: [String] = []
        queue.sync {
            run("SELECT term FROM recent_searches WHERE term LIKE ? ESCAPE '\\' ORDER BY used_at DESC LIMIT \(max(1, min(limit, 20)));") { stmt in
                sqlite3_bind_text(stmt, 1, pattern, -1, self.transient)
                while sqlite3_step(stmt) == SQLITE_ROW {
                    if let text = sqlite3_column_text(stmt, 0) { results.append(String(cString: text)) }
                }
            }
        }
        return results
    }

    private func run(_ sql: String, _ body: (OpaquePointer?) -> Void) {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK else {
            NSLog("[Search] prepare failed: %s", sqlite3_errmsg(db))
            return
        }
        defer { sqlite3_finalize(stmt) }
        body(stmt)
    }
}
