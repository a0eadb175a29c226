import SQLite3

final class BookmarkIndex {
    private var db: OpaquePointer?

    func remove(where predicate: String) {
        let statement = "DELETE FROM bookmarks WHERE " + predicate
        sqlite3_exec(db, statement, nil, nil, nil)
    }

    func purgeRead() {
        remove(where: "read = 1")
    }
}
