/// What `code.sql-injection` (Swift and Objective-C) takes for a part of a statement that is not data: a table or
/// column name, a list of `?` placeholders, or a value passed through an escaping function. Such parts come from
/// the app's own schema (`"SELECT * FROM \(name) WHERE id IN \(placeholders)"`), and the values are bound.
enum SQLIdentifierSlot {
    /// Words that end a name holding a table, column or other piece of schema, or a placeholder list.
    private static let schemaWords = [
        "table", "column", "schema", "version", "limit", "pagesize", "tablename", "columns", "rawvalue",
        "placeholders", "placeholder", "placeholderlist"
    ]

    /// Whether a name says it holds schema or placeholders: `tableName`, `notesTable`, `column.rawValue`,
    /// `placeholders`.
    static func isSchemaName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return schemaWords.contains { lower.hasSuffix($0) }
    }

    /// Whether a called function escapes or quotes what it is given (`FMDBEscapeSavePointName(name)`,
    /// `escapeIdentifier(x)`), or builds a placeholder list (`rs_SQLValueList(withPlaceholders: n)`).
    static func isSanitizingCall(_ name: String, labels: [String] = []) -> Bool {
        let lower = name.lowercased()
        return lower.contains("escape") || lower.contains("sanitiz") || lower.contains("quoted")
            || labels.contains { $0.lowercased().contains("placeholder") }
    }

    /// SQL words after which the next token names a table or savepoint, not a value.
    private static let identifierKeywords: Set<Substring> = [
        "from", "into", "update", "table", "join", "savepoint", "exists"
    ]

    /// Whether a value inserted between `before` and `after` sits where SQL expects a name: `FROM \(t)`,
    /// `INSERT INTO %@`, `UPDATE t SET \(column) = ?`, `SELECT %@ FROM`, `pragma table_info('%@')`.
    static func isIdentifierSlot(before: Substring, after: Substring) -> Bool {
        var head = before.suffix(48).lowercased()[...]
        while let last = head.last, last == " " || last == "'" || last == "\"" || last == "`" || last == "[" {
            head = head.dropLast()
        }
        if head.hasSuffix("table_info(") { return true }
        guard let last = head.last, last.isLetter || last == "_" else { return false }
        let word = head.reversed().prefix { $0.isLetter || $0 == "_" }
        let keyword = Substring(word.reversed())
        var tail = after.prefix(24).lowercased()[...]
        while let first = tail.first, first == " " || first == "'" || first == "\"" || first == "`" || first == "]" {
            tail = tail.dropFirst()
        }
        switch keyword {
        case "select": return tail.hasPrefix("from ")
        case "set": return tail.hasPrefix("=")
        default: return identifierKeywords.contains(keyword)
        }
    }
}
