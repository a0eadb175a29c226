import IOSecCore

/// What `code.sql-injection` (Swift and Objective-C) takes for a part of a statement that is not data: a table or
/// column name, a list of `?` placeholders, or a value passed through an escaping function. Such parts come from
/// the app's own schema (`"SELECT * FROM \(name) WHERE id IN \(placeholders)"`), and the values are bound.
enum SQLIdentifierSlot {
    /// Words that end a name holding a table, column or other piece of schema, or a placeholder list.
    private static let schemaWords = [
        "table", "column", "schema", "version", "limit", "pagesize", "tablename", "columns",
        "placeholders", "placeholder", "placeholderlist", "columnnames", "fieldname", "fieldnames", "fields"
    ]

    /// Whether a name says it holds schema or placeholders: `tableName`, `notesTable`, `column.rawValue`,
    /// `placeholders`.
    static func isSchemaName(_ name: String) -> Bool {
        let lower = name.lowercased()
        if schemaWords.contains(where: { lower.hasSuffix($0) }) { return true }
        // `columnString`, `columnList`, `tableNames`: a rendering of the schema (not `tableData`).
        let words = SensitiveName.words(name)
        guard let last = words.last, ["string", "list", "name", "names", "clause", "text"].contains(last) else {
            return false
        }
        return words.contains { ["table", "tables", "column", "columns", "placeholders"].contains($0) }
    }

    /// Whether a called function escapes or quotes what it is given (`FMDBEscapeSavePointName(name)`,
    /// `escapeIdentifier(x)`), or builds a placeholder list (`rs_SQLValueList(withPlaceholders: n)`,
    /// `DBUtils.valuesQuestionMarked(from: columns)`).
    static func isSanitizingCall(_ name: String, labels: [String] = []) -> Bool {
        let lower = name.lowercased()
        return lower.contains("escape") || lower.contains("sanitiz") || lower.contains("quoted")
            || lower.contains("placeholder") || lower.contains("questionmark")
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

extension SQLIdentifierSlot {
    /// Parameter types whose values are numbers, flags or dates: formatted into SQL they cannot change the statement.
    static let numericTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Bool", "TimeInterval", "NSInteger", "NSUInteger"
    ]
}
