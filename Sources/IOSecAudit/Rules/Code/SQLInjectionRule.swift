import SwiftSyntax

/// `code.sql-injection`: SQL text built from values at run time and handed to SQLite, FMDB or GRDB instead of
/// binding the values as parameters.
struct SQLInjectionRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.sql-injection",
        title: "SQL built from input",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 89, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0086", mastg: [], .exact),
        rationale: """
            A query assembled with string interpolation or `+` runs whatever SQL the inserted value contains: a \
            name of `x' OR '1'='1` reads every row, `'; DROP TABLE notes; --` deletes data, and values that come from \
            a deep link or a synced record turn that into a remote attack on the local database. SQLite's own API, \
            FMDB and GRDB all bind values as parameters, which keeps data and SQL apart.
            """,
        fix:
            "Put `?` placeholders in a constant SQL string and pass the values as arguments (sqlite3_bind_*, FMDB `values:`, GRDB `arguments:`).",
        fixExample: """
            var statement: OpaquePointer?
            sqlite3_prepare_v2(db, "SELECT body FROM notes WHERE owner = ?", -1, &statement, nil)
            sqlite3_bind_text(statement, 1, owner, -1, SQLITE_TRANSIENT)
            // FMDB: try db.executeQuery("SELECT body FROM notes WHERE owner = ?", values: [owner])
            // GRDB: try Row.fetchAll(db, sql: "SELECT body FROM notes WHERE owner = ?", arguments: [owner])
            """,
        triggeringExamples: [
            // SQLite.swift's `Connection`, known by the declared type in a file that does not import the module.
            RuleExample(
                """
                func search(_ db: Connection, link: URL) throws {
                    let term = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                    try db.execute(↓"SELECT * FROM notes WHERE title = '\\(term)'")
                    _ = Statement(db, ↓term)
                }
                """),
            RuleExample(
                """
                func importRules(from feed: URL) {
                    // The statement is whatever the server sent.
                    let statement = try? String(contentsOf: feed, encoding: .utf8)
                    sqlite3_exec(db, ↓statement, nil, nil, nil)
                }
                """,
                findings: [FindingSpec(severity: .high, message: "the SQL run here is text read from a URL or file")]),
            // GRDB's SQL literal made from a downloaded string.
            RuleExample(
                """
                import GRDB

                func migration(from url: URL) throws -> SQL {
                    let text = try String(contentsOf: url)
                    return SQL(stringLiteral: ↓text)
                }
                """),
            RuleExample(
                """
                import SQLite

                func search(_ field: UITextField, in db: Connection) throws {
                    let term = field.text ?? ""
                    let titleField = term
                    _ = try db.prepare(↓"SELECT * FROM notes WHERE title LIKE '%\\(titleField)%'")
                }
                """),
            // The store's own runner of SQL text: what each call builds is judged there.
            RuleExample(
                """
                final class LedgerStore {
                    func entries(matching memo: String) throws -> [Entry] {
                        try withStatement(↓"SELECT * FROM entries WHERE memo LIKE '%\\(memo)%'") { try read($0) }
                    }
                    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
                        var statement: OpaquePointer?
                        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw StoreError.prepare }
                        defer { sqlite3_finalize(statement) }
                        return try body(statement)
                    }
                }
                """, findings: [FindingSpec(message: "run as text by `withStatement`")]),
            // A clause the caller's own function puts into the text: what its callers, in other files, pass decides.
            RuleExample(
                files: [
                    (
                        "App/SearchViewController.swift",
                        """
                        final class SearchViewController: UIViewController {
                            func search(_ field: UITextField) throws -> [Article] {
                                try store.articles(where: "title LIKE '%\\(field.text ?? "")%'")
                            }
                        }
                        """
                    ),
                    (
                        "App/ArticleStore.swift",
                        """
                        final class ArticleStore {
                            func articles(where clause: String) throws -> [Article] {
                                try withStatement(↓"SELECT * FROM articles WHERE \\(clause)") { try read($0) }
                            }
                            private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
                                var statement: OpaquePointer?
                                guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw StoreError.prepare }
                                return try body(statement)
                            }
                        }
                        """
                    )
                ], findings: [FindingSpec(message: "what the user typed into `field`")]),
            // Through two runners: `query` hands its SQL, inside a closure, to `prepare`, which runs it.
            RuleExample(
                """
                final class MessageStore {
                    func search(_ text: String) throws -> [Message] {
                        try db.query(↓"SELECT * FROM messages WHERE body LIKE '%\\(text)%'", map: Message.init(row:))
                    }
                }
                final class Database {
                    func query<T>(_ sql: String, _ values: [SQLValue] = [], map: (Row) throws -> T) throws -> [T] {
                        try sync { let statement = try prepare(sql); return try rows(statement, values, map) }
                    }
                    private func prepare(_ sql: String) throws -> OpaquePointer {
                        var statement: OpaquePointer?
                        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw DatabaseError.prepare }
                        return statement
                    }
                }
                """, findings: [FindingSpec(message: "run as text by `query`")]),
            RuleExample(
                """
                - (void)deleteMonth:(NSString *)month {
                    NSString *sql = [NSString stringWithFormat:@"DELETE FROM statements WHERE month = '%@'", month];
                    sqlite3_exec(db, ↓sql.UTF8String, NULL, NULL, NULL);
                    FMResultSet *rows = [queue executeQuery:↓[NSString stringWithFormat:@"SELECT * FROM t WHERE name = '%@'", name]];
                }
                // The store's own method runs whatever SQL text it is given.
                - (NSArray *)rowsForSQL:(NSString *)sql limit:(NSInteger)limit {
                    sqlite3_stmt *statement = NULL;
                    sqlite3_prepare_v2(_db, [sql UTF8String], -1, &statement, NULL);
                    return [self collect:statement limit:limit];
                }
                - (NSArray *)statementsMatching:(NSString *)query {
                    NSString *sql = [NSString stringWithFormat:@"SELECT * FROM statements WHERE memo LIKE '%%%@%%'", query];
                    return [self rowsForSQL:↓sql limit:50];
                }
                """, path: "App/Store.m"),
            RuleExample(#"sqlite3_exec(db, ↓"DELETE FROM notes WHERE id = \(noteID)", nil, nil, nil)"#),
            // A raw value of a type that is not one of the project's enums is whatever it was made from.
            RuleExample(
                """
                struct Filter: RawRepresentable { var rawValue: String }
                func search(_ db: OpaquePointer, filter: Filter) {
                    sqlite3_exec(db, ↓"SELECT * FROM notes WHERE tag = '\\(filter.rawValue)'", nil, nil, nil)
                }
                """),
            RuleExample(
                """
                func find(user name: String) -> OpaquePointer? {
                    let query = "SELECT * FROM users WHERE name = '" + name + "'"
                    var statement: OpaquePointer?
                    sqlite3_prepare_v2(db, ↓query, -1, &statement, nil)
                    return statement
                }
                """),
            RuleExample(
                #"let rows = try db.executeQuery(↓"SELECT * FROM accounts WHERE email = '\(emailField.text!)'", values: nil)"#
            ),
            RuleExample(#"try db.execute(sql: ↓"UPDATE player SET score = \(score) WHERE name = '\(name)'")"#),
            RuleExample(
                #"let players = try Row.fetchAll(db, sql: ↓String(format: "SELECT * FROM player WHERE team = '%@'", team))"#
            ),
            RuleExample(
                """
                func search(_ title: String) {
                    database.executeQuery(↓"select * from \\(name) where title = '\\(title)'", withArgumentsIn: nil)
                    database.executeUpdate(↓"UPDATE notes SET \\(searchField.text!) = 1", withArgumentsIn: [])
                    database.executeUpdate(↓"DELETE FROM notes WHERE id IN (\\(ids.joined(separator: ",")))", withArgumentsIn: [])
                    database.executeQuery(↓"SELECT * FROM notes WHERE \\(titleClause(title))", withArgumentsIn: nil)
                }
                func titleClause(_ title: String) -> String {
                    "title = '\\(title)'"
                }
                """),
            // A function that returns its own result inside SQL text: the search ends, and reports what it could not
            // resolve.
            RuleExample(
                """
                func loop() -> String { "x \\(loop())" }
                func runLoop() { sqlite3_exec(db, ↓"SELECT \\(loop())", nil, nil, nil) }
                """),
            // Quoted values stay values, however the list is filtered; a property can return input.
            RuleExample(
                """
                final class Store {
                    var userFilter: String { "name = '\\(UIPasteboard.general.string ?? "")'" }
                    func remove(_ uuids: [String]) {
                        let list = uuids.map { "'\\($0)'" }.filter { !$0.isEmpty }.joined(separator: ",")
                        database.executeUpdate(↓"DELETE FROM t WHERE uuid IN (\\(list))", values: nil)
                        database.executeQuery(↓"SELECT * FROM t WHERE \\(self.userFilter)", values: nil)
                    }
                }
                """),
            RuleExample(
                """
                - (FMResultSet *)rowsIn:(NSString *)tableName named:(NSString *)name {
                    return [self executeQuery:↓[NSString stringWithFormat:@"select * from %@ where name = '%@'", tableName, name]];
                }
                """, path: "App/Store.m")
        ],
        nonTriggeringExamples: [
            // A number made from the input cannot change the statement.
            // The app's own text through two runners: a computed property of constants, a type's function given
            // constants.
            RuleExample(
                """
                final class MessageStore {
                    private var conversationSelect: String { "SELECT id, title FROM \\(Schema.conversations) c" }
                    func conversations() throws -> [Conversation] {
                        try db.query(conversationSelect + " ORDER BY c.updated_at DESC", map: Conversation.init(row:))
                    }
                    func message(id: String) throws -> [Message] {
                        try db.query("SELECT \\(Message.selectList(alias: "m")) FROM messages m WHERE id = ?", [.text(id)], map: Message.init(row:))
                    }
                }
                final class Database {
                    func query<T>(_ sql: String, _ values: [SQLValue] = [], map: (Row) throws -> T) throws -> [T] {
                        try sync { let statement = try prepare(sql); return try rows(statement, values, map) }
                    }
                    private func prepare(_ sql: String) throws -> OpaquePointer {
                        var statement: OpaquePointer?
                        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw DatabaseError.prepare }
                        return statement
                    }
                }
                """),
            // Every call of the function that puts its clause into the text passes the app's own clause.
            RuleExample(
                """
                final class ArticleStore {
                    func unread(in feedIDs: [String]) throws -> [Article] {
                        let placeholders = Array(repeating: "?", count: feedIDs.count).joined(separator: ",")
                        return try articles(where: "feedID in (\\(placeholders)) and read = 0")
                    }
                    func starred() throws -> [Article] { try articles(where: "starred = 1") }
                    private func articles(where clause: String) throws -> [Article] {
                        try withStatement("SELECT * FROM articles WHERE \\(clause)") { try read($0) }
                    }
                    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
                        var statement: OpaquePointer?
                        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw StoreError.prepare }
                        return try body(statement)
                    }
                }
                """),
            // Only the app's own text goes to the runner: each table of an enum, a number a function of the file
            // returns.
            RuleExample(
                """
                final class LedgerStore {
                    enum Table: String, CaseIterable { case entries, payees }
                    private static let pageSize = 50
                    func wipe() throws {
                        for table in Table.allCases { try withStatement("DELETE FROM \\(table.rawValue)") { _ in } }
                    }
                    func recent(_ limit: Int) throws -> [Entry] {
                        try withStatement("SELECT * FROM entries LIMIT \\(Self.clamped(limit))") { try read($0) }
                    }
                    func page(_ limit: Int) throws -> [Entry] {
                        try withStatement("SELECT * FROM entries LIMIT \\(max(1, min(limit, 20)))") { try read($0) }
                    }
                    private static func clamped(_ limit: Int) -> Int { min(limit, pageSize) }
                    private func withStatement<T>(_ sql: String, _ body: (OpaquePointer) throws -> T) throws -> T {
                        var statement: OpaquePointer?
                        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw StoreError.prepare }
                        return try body(statement)
                    }
                }
                """),
            RuleExample(
                """
                func page(_ db: Connection, link: URL) throws {
                    let page = Int(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? "") ?? 0
                    try db.execute("SELECT * FROM notes LIMIT 20 OFFSET \\(page * 20)")
                }
                """),
            RuleExample(
                """
                final class ReadState {
                    private(set) var currentUserID: Int64 = -1
                    func markAllRead() throws {
                        try db.execute(sql: "INSERT INTO read SELECT \\(currentUserID), id FROM messages")
                    }
                }
                """),
            RuleExample(
                """
                import SQLite

                func search(_ term: String, in db: Connection) throws {
                    let notes = Table("notes")
                    _ = try db.prepare(notes.filter(Expression<String>("title").like("%" + term + "%")))
                    try db.run("DELETE FROM notes WHERE title = ?", term)
                }
                """),
            RuleExample(
                """
                - (void)deleteMonth:(NSString *)month {
                    sqlite3_exec(db, "DELETE FROM statements WHERE archived = 1", NULL, NULL, NULL);
                    FMResultSet *rows = [queue executeQuery:@"SELECT * FROM t WHERE name = ?", name];
                    NSString *sql = [NSString stringWithFormat:@"VACUUM"];
                    sqlite3_exec(db, sql.UTF8String, NULL, NULL, NULL);
                }
                - (NSArray *)rowsForSQL:(NSString *)sql limit:(NSInteger)limit {
                    sqlite3_stmt *statement = NULL;
                    sqlite3_prepare_v2(_db, [sql UTF8String], -1, &statement, NULL);
                    return [self collect:statement limit:limit];
                }
                - (NSArray *)recentStatements:(NSInteger)count {
                    NSString *sql = [NSString stringWithFormat:@"SELECT * FROM %@ ORDER BY date DESC LIMIT %ld", kStatementsTable, (long)count];
                    return [self rowsForSQL:sql limit:count];
                }
                """, path: "App/Store.m"),
            RuleExample(#"sqlite3_prepare_v2(db, "SELECT body FROM notes WHERE owner = ?", -1, &statement, nil)"#),
            RuleExample(#"let rows = try db.executeQuery("SELECT * FROM accounts WHERE email = ?", values: [email])"#),
            RuleExample(
                #"try db.execute(sql: "UPDATE player SET score = ? WHERE name = ?", arguments: [score, name])"#),
            RuleExample(
                """
                let createTable = "CREATE TABLE IF NOT EXISTS \\(Tables.notes) (id INTEGER PRIMARY KEY, body TEXT)"
                sqlite3_exec(db, createTable, nil, nil, nil)
                sqlite3_exec(db, "PRAGMA user_version = \\(Self.schemaVersion)", nil, nil, nil)
                """),
            RuleExample(#"let statement = "SELECT * FROM notes LIMIT \(pageSize)"; print(statement)"#),
            // The table from the project's own enum, the date from the app's own formatter.
            RuleExample(
                """
                enum Table: String { case notes, drafts }
                final class Cleaner {
                    private let stamp: DateFormatter = DateFormatter()
                    func purge(_ db: OpaquePointer, table: Table, before: Date) {
                        let day = ISO8601DateFormatter().string(from: before)
                        sqlite3_exec(db, "DELETE FROM \\(table.rawValue) WHERE created < '\\(day)'", nil, nil, nil)
                        sqlite3_exec(db, "DELETE FROM \\(table.rawValue) WHERE edited < '\\(stamp.string(from: before))'", nil, nil, nil)
                    }
                }
                """),
            // A nested enum named like other types of the project, its value captured by a closure.
            RuleExample(
                """
                struct ArticleStatus { enum Key: String { case read, starred } }
                struct Key { static let feeds = "feeds" }
                func fetchIDs(_ statusKey: ArticleStatus.Key) {
                    queue.runInDatabase { database in
                        database.executeQuery("select articleID from statuses where key = '\\(statusKey.rawValue)';", withArgumentsIn: nil)
                    }
                }
                """),
            RuleExample(
                """
                func setString(_ value: String?, for feedURL: String, column: Column) {
                    let name = column.rawValue
                    database.executeUpdate("UPDATE feedSettings SET \\(name) = ? WHERE feedURL = ?;", withArgumentsIn: [value, feedURL])
                }
                func fetch(_ ids: Set<String>) {
                    let placeholders = NSString.rs_SQLValueList(withPlaceholders: UInt(ids.count))!
                    let sql = "select * from articles where articleID in \\(placeholders);"
                    database.executeQuery(sql, withArgumentsIn: Array(ids))
                    database.executeQuery("select * from \\(name) limit 1;", withArgumentsIn: nil)
                    database.executeQuery("select rowid, title from \\(self.name) where rowid in \\(placeholderList)", withArgumentsIn: ids)
                }
                func firstFailure(order: SortOrder, year: Int, uuids: [String]) {
                    let direction = order == .forward ? "DESC" : "ASC"
                    let query = "SELECT * from episodes WHERE year = \\(year) ORDER BY date \\(direction) LIMIT \\(uuids.count)"
                    database.executeQuery(query, values: nil)
                    database.executeUpdate("INSERT INTO \\(DataManager.episodeTableName) (\\(self.columnNames.joined(separator: ","))) VALUES \\(DBUtils.valuesQuestionMarked(from: columnNames))", values: values)
                }
                private func listenedEpisodes(year: Int) -> String {
                    "lastPlayed BETWEEN strftime('%s', '\\(year)-01-01') and strftime('%s', '\\(year + 1)-01-01')"
                }
                func isEligible(in year: Int) {
                    let query = "SELECT playedUpTo FROM episodes WHERE playedUpTo > 300 AND \\(listenedEpisodes(year: year)) LIMIT 1"
                    database.executeQuery(query, values: nil)
                }
                func markSelected(_ statuses: [SyncStatus]) {
                    var parameters = [AnyObject]()
                    let conditions = statuses.map { status -> String in
                        parameters.append(status.articleID as AnyObject)
                        return "(articleID = ? and key = ?)"
                    }
                    let updateSQL = "update \\(name) set selected = true where \\(conditions.joined(separator: " or "))"
                    database.executeUpdate(updateSQL, withArgumentsIn: parameters)
                }
                """),
            // Clauses from this file's computed properties and lists of fixed clauses; the values are bound.
            RuleExample(
                """
                enum SortOption {
                    case newest, oldest
                    var queryString: String {
                        switch self {
                        case .newest: return "ORDER BY \\(Column.createdDate) DESC"
                        case .oldest: return "ORDER BY \\(Column.createdDate) ASC"
                        }
                    }
                }
                extension Array {
                    var insertBindingValues: String { "VALUES (\\(map { _ in "?" }.joined(separator: ",")))" }
                }
                func count(episode uuid: String, includeDeleted: Bool, sorted: SortOption) {
                    let deletedWhere: String? = includeDeleted ? nil : "\\(Column.deleted) = 0"
                    let whereString = [deletedWhere, "\\(Column.episode) = ?"].compactMap { $0 }.joined(separator: " AND ")
                    database.executeQuery("SELECT COUNT(*) FROM episodes WHERE \\(whereString) \\(sorted.queryString)", values: [uuid])
                    database.executeUpdate("INSERT INTO episodes (uuid) \\([uuid].insertBindingValues)", values: [uuid])
                }
                """),
            RuleExample(
                """
                - (FMResultSet *)rs_selectAllRows:(NSString *)tableName {
                    NSString *sql = [NSString stringWithFormat:@"select * from %@", tableName];
                    FMResultSet *columns = [self executeQuery:[NSString stringWithFormat:@"pragma table_info('%@')", table]];
                    return [self executeQuery:sql];
                }
                - (BOOL)startSavePointWithName:(NSString *)name error:(NSError **)outErr {
                    NSString *sql = [NSString stringWithFormat:@"savepoint '%@';", FMDBEscapeSavePointName(name)];
                    return [self executeUpdate:sql];
                }
                """, path: "App/FMDatabase+Extras.m"),
            RuleExample(
                """
                - (void)loadThumbnail:(ACMRequest *)request limit:(NSInteger)limit {
                    // Only constant clauses and a number are formatted in; the values are bound.
                    [self.db executeQuery:[NSString stringWithFormat:@"SELECT data FROM thumbs WHERE id = ? %@ LIMIT %ld",
                                              (request.version != nil ? @"AND version = ?" : @""), (long)limit]];
                }
                """, path: "App/ACMThumbnailStore.m")
        ]
    )

    static let subscription = Subscription(
        // GRDB names its SQL parameters `sql:` everywhere (`makeStatement(sql:)`, `SQLRequest(sql:)`, `filter(sql:)`).
        // GRDB's SQL literals (`SQL(stringLiteral:)`) reach the rule by their labels: `SQL` is too common a name.
        calls: .named(
            [
                "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16",
                "sqlite3_prepare16_v2", "sqlite3_prepare16_v3", "executeQuery", "executeUpdate", "executeStatements",
                "execute",
                "fetchAll", "fetchOne", "fetchCursor", "fetchSet", "prepare", "run", "scalar", "Statement"
            ], orLabelled: Set(["sql"]).union(grdbLiteralLabels)))

    /// For these, the SQL is the second argument (after the database handle).
    private static let sqliteCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16",
        "sqlite3_prepare16_v2", "sqlite3_prepare16_v3"
    ]

    /// Calls this rule judges by their name alone, whatever they are called on.
    private static let judgedWhereCalled = sqliteCalls.union(["executeQuery", "executeUpdate", "executeStatements"])

    /// GRDB's `SQLRequest` and `SQL` are literals of SQL; made from a `String` value, that text is the statement.
    private static let grdbLiteralLabels: Set<String> = [
        "stringLiteral", "unicodeScalarLiteral", "extendedGraphemeClusterLiteral", "stringInterpolation"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let sql = Self.sqlArgument(of: call, name: name, in: file) else { return }
        let run = file.step(at: sql, "run as SQL by `\(name)`")
        guard
            let (reason, value) = Self.dynamicPart(of: sql, in: file, depth: 0, skipping: Self.isParameter)
                ?? Self.dynamicPart(of: sql, in: file, depth: 0)
        else {
            // The whole statement is input: `sqlite3_exec(db, remoteText, …)`.
            if let steps = UntrustedOrigin.trace(sql, in: file) {
                report(
                    file, at: sql,
                    "the SQL run here is \(steps.first?.note ?? "input"); run constant SQL with ? placeholders and bind the values",
                    evidence: .flow, flow: steps + [run])
            } else if let sink = ParameterSink.of(sql, ruleId: Self.description.id) {
                // `func withStatement(_ sql: String) { sqlite3_prepare_v2(db, sql, …) }`: the app's own runner of
                // SQL text; each call, in any file, is judged as SQL run here is (`CallerArgumentsStage`). A runner
                // named as an API this rule reads (`executeUpdate(_:values:)` over FMDB's) or taking `sql:` is
                // judged at its calls already.
                if !Self.judgedWhereCalled.contains(sink.function), sink.label != "sql" {
                    file.record(kind: FactKind.wrapperSink, value: sink.factValue, at: sql)
                }
            } else {
                // `var term = ""` looks constant here; a write of input into it, in any file, is a finding.
                Self.recordFields(of: sql, at: sql, in: file)
            }
            return
        }
        // Where the inserted value comes from, how it got into the SQL, and the call that runs it.
        let inserted = file.step(at: value, "inserted into SQL text")
        let statement = ValuePath.steps(to: sql, in: file)
        if let source = UntrustedOrigin.trace(value, in: file) {
            report(
                file, at: sql,
                "SQL is built from \(source.first?.note ?? "input") and run as text; use ? placeholders and bind the values",
                evidence: .flow, flow: source + [inserted] + statement + [run])
            return
        }
        report(
            file, at: sql, "SQL is built from \(reason) and run as text; use ? placeholders and bind the values",
            flow: ValuePath.steps(to: value, in: file) + [inserted] + statement + [run])
        // A parameter's value: what the function's callers pass, anywhere in the project, decides the finding.
        if let sink = ParameterSink.of(value, ruleId: Self.description.id) {
            file.record(kind: FactKind.parameterSink, value: sink.factValue, at: sql)
        }
        // `row.title` of a parameter `row: Row` is a property too: what the project writes into it may be input.
        Self.recordFields(of: sql, at: sql, in: file)
    }

    /// A call of the app's own SQL runner (`FactKind.wrapperSink` at `sinkStep`): SQL text built there from values, or
    /// input as it is, is a finding at the argument, as it would be at sqlite's own call.
    static func wrapperFinding(
        _ argument: ExprSyntax, key: ExprSyntax?, call: FunctionCallExprSyntax, in file: SwiftFile,
        sink: ParameterSink, at sinkStep: FlowStep
    ) {
        let run = FlowStep(
            file: sinkStep.file, line: sinkStep.line, column: sinkStep.column, note: "run as SQL by `\(sink.function)`")
        let passed = file.step(at: argument, "passed to `\(sink.function)`")
        // A parameter of the caller's own function in the text is that function's callers' to decide
        // (`sink.enclosingCallers`): input they pass is a flow from there, their own text no injection.
        if dynamicPart(of: argument, in: file, depth: 0, skipping: isParameter) == nil,
            let (_, parameter) = dynamicPart(of: argument, in: file, depth: 0)
        {
            let inserted = file.step(at: parameter, "inserted into SQL text")
            let statement = ValuePath.steps(to: argument, in: file)
            switch sink.enclosingCallers {
            case .appMade?:
                return
            case .untrusted(let steps)?:
                file.report(
                    description, at: argument,
                    message:
                        "SQL is built from \(steps.first?.note ?? "input") and run as text by `\(sink.function)`; use ? placeholders and bind the values",
                    evidence: .flow, flow: steps + [inserted] + statement + [passed, run])
            case .unknown?, nil:
                file.report(
                    description, at: argument,
                    message:
                        "SQL is built from interpolated values and run as text by `\(sink.function)`; use ? placeholders and bind the values",
                    flow: ValuePath.steps(to: parameter, in: file) + [inserted] + statement + [passed, run])
            }
            return
        }
        guard let (reason, value) = dynamicPart(of: argument, in: file, depth: 0, skipping: isParameter) else {
            guard let steps = CallerArguments.untrustedSteps(to: argument, in: file) else { return }
            file.report(
                description, at: argument,
                message:
                    "the SQL `\(sink.function)` runs here is \(steps.first?.note ?? "input"); run constant SQL with ? placeholders and bind the values",
                evidence: .flow, flow: steps + [passed, run])
            return
        }
        let inserted = file.step(at: value, "inserted into SQL text")
        let statement = ValuePath.steps(to: argument, in: file)
        if let source = UntrustedOrigin.trace(value, in: file) {
            file.report(
                description, at: argument,
                message:
                    "SQL is built from \(source.first?.note ?? "input") and run as text by `\(sink.function)`; use ? placeholders and bind the values",
                evidence: .flow, flow: source + [inserted] + statement + [passed, run])
            return
        }
        file.report(
            description, at: argument,
            message:
                "SQL is built from \(reason) and run as text by `\(sink.function)`; use ? placeholders and bind the values",
            flow: ValuePath.steps(to: value, in: file) + [inserted] + statement + [passed, run])
    }

    /// The stored properties of the app's own types the SQL is built from (`FieldSink`): what the project writes
    /// into them, in any file, may make the statement a flow (`CallerArgumentsStage`).
    private static func recordFields(of sql: ExprSyntax, at node: ExprSyntax, in file: SwiftFile) {
        for (field, _) in FieldSink.embedded(in: sql, ruleId: description.id) {
            var sink = field
            sink.note = "SQL"
            file.record(kind: FactKind.fieldSink, value: sink.factValue, at: node)
        }
        ReturnSink.record(sql, ruleId: description.id, note: "SQL", in: file)
    }

    /// The finding at SQL the project fills with input out of this file's sight (`steps`): a stored property some
    /// write fills though its start value looked constant (`var term = ""`), or what a function of another file
    /// returns.
    static func indirectFinding(
        _ sql: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String
    ) {
        file.report(
            description, at: sql,
            message:
                "SQL is built from \(steps.first?.note ?? "input"), \(via), and run as text; use ? placeholders and bind the values",
            evidence: .flow, flow: steps + [file.step(at: sql, "run as SQL")])
    }

    /// How many steps (locals, list elements, returns of this file's functions) a search for what SQL is made of
    /// takes before it stops.
    private static let maxDepth = 6

    /// Whether what a caller passes for a parameter that reaches the SQL is text the app wrote: constant SQL, or
    /// SQL that splices in only constants, numbers and schema names (`"feedID in \(placeholders)"`), directly or
    /// through `let` locals and the appends of a local `var`.
    static func isAppMadeSQL(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        isAppMadeSQL(expr, in: file, depth: 0)
    }

    private static func isAppMadeSQL(_ expr: ExprSyntax, in file: SwiftFile, depth: Int) -> Bool {
        guard depth < maxDepth else { return false }
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) { return dynamicPart(of: e, in: file, depth: depth) == nil }
        if let sequence = e.as(SequenceExprSyntax.self),
            sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
        {
            return sequence.elements.allSatisfy { element in
                if let op = element.as(BinaryOperatorExprSyntax.self) { return op.operator.text == "+" }
                return isAppMadeSQL(element, in: file, depth: depth + 1)
            }
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
            value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        {
            guard let added = LocalMutation.values(addedTo: ref.baseName.text, before: ref) else { return false }
            return isAppMadeSQL(value, in: file, depth: depth + 1)
                && added.allSatisfy { isAppMadeSQL($0, in: file, depth: depth + 1) }
        }
        return isConstant(e, in: file, depth: depth)
    }

    /// `\(clause(for: year))`, `\(sorted.queryString)`: a function or computed property of this file whose every
    /// return is SQL text the app wrote. Each is judged once per file, from the same depth wherever it is used; one
    /// that returns its own result, or has more than 16 returns (overloads), is not known to be app-made.
    private static func returnsAppMadeSQL(_ name: String, property: Bool, in file: SwiftFile) -> Bool {
        let key = (property ? "app-made SQL property " : "app-made SQL function ") + name
        if let known = file.summaries[key] { return !known.isEmpty }
        file.summaries[key] = []
        let values =
            property
            ? ValuePath.returnedValues(ofPropertyNamed: name, in: file)
            : ValuePath.returnedValues(ofFunctionNamed: name, in: file)
        guard !values.isEmpty, values.count <= 16,
            values.allSatisfy({ isAppMadeSQL($0, in: file, depth: returnDepth) })
        else { return false }
        file.summaries[key] = values
        return true
    }

    /// `\(Self.clamped(limit))`, `\(pageSize())`: a function of this file declared to return a number, in every
    /// overload of the name.
    private static func returnsNumber(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let name = call.calledName, file.contains("func \(name)(") else { return false }
        let functions = SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree, where: { $0.name.text == name })
        return !functions.isEmpty
            && functions.allSatisfy { function in
                guard let type = function.signature.returnClause?.type.trimmedDescription else { return false }
                return SQLIdentifierSlot.numericTypes.contains(type.filter { $0 != "?" && $0 != "!" })
            }
    }

    /// The depth the returns of this file's functions are judged from.
    private static let returnDepth = 2

    /// The argument that holds SQL text, for the APIs that take it.
    private static func sqlArgument(of call: FunctionCallExprSyntax, name: String, in file: SwiftFile) -> ExprSyntax? {
        if sqliteCalls.contains(name) {
            return call.arguments.dropFirst().first?.expression
        }
        if let sql = call.argument("sql") { return sql }  // GRDB, SQLite.swift
        if name == "SQLRequest" || name == "SQL" {
            return grdbLiteralLabels.lazy.compactMap { call.argument($0) }.first
        }
        // SQLite.swift's `Connection`: `db.execute(sql)`, `db.prepare(sql)`, `db.run(sql)`, `db.scalar(sql)`, and
        // `Statement(db, sql)`; the names are common, so only in a file that imports the module or on a value declared
        // as a `Connection`.
        if ["execute", "prepare", "run", "scalar"].contains(name), let base = call.calledBase,
            let first = call.arguments.first, first.label == nil,
            file.imports.contains("SQLite") || Sensitivity.declaredType(of: base) == "Connection"
        {
            return first.expression
        }
        if name == "Statement", call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil }),
            let connection = call.arguments.first?.expression,
            file.imports.contains("SQLite") || Sensitivity.declaredType(of: connection) == "Connection"
        {
            return call.arguments.last?.expression
        }
        guard ["executeQuery", "executeUpdate", "executeStatements"].contains(name) else { return nil }
        // FMDB: `executeQuery(_ sql:, values:)`; with bound values the interpolation is still dynamic SQL.
        return call.arguments.first { $0.label == nil }?.expression
    }

    /// What makes `expr` dynamic SQL ("interpolated values", "concatenated values", "a format string"), or nil when it
    /// is constant or only splices in constants (table names, schema versions). Values `skipping` accepts are passed
    /// over: a parameter, which the function's callers decide, behind a value that makes the SQL dynamic here.
    private static func dynamicPart(
        of expr: ExprSyntax, in file: SwiftFile, depth: Int, skipping: ((ExprSyntax) -> Bool)? = nil
    ) -> (reason: String, value: ExprSyntax)? {
        guard depth < maxDepth else { return nil }
        let e = expr.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            let segments = Array(literal.segments)
            for (k, segment) in segments.enumerated() {
                guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    let value = interpolation.expressions.first?.expression, !isConstant(value, in: file, depth: depth)
                else { continue }
                // `FROM \(name)`: a plain name where SQL wants a table or column is the app's schema.
                let isName =
                    value.unwrapped.is(DeclReferenceExprSyntax.self)
                    || value.unwrapped.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?
                        .baseName.tokenKind == .keyword(.self)
                func text(at index: Int) -> Substring {
                    guard segments.indices.contains(index),
                        let text = segments[index].as(StringSegmentSyntax.self)?.content.text
                    else { return "" }
                    return Substring(text)
                }
                if isName, SQLIdentifierSlot.isIdentifierSlot(before: text(at: k - 1), after: text(at: k + 1)) {
                    continue
                }
                if skipping?(value) == true { continue }
                return ("interpolated values", value)
            }
            return nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let operands = sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }
            let joins = sequence.elements.contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }
            guard joins else { return nil }
            for operand in operands
            where !operand.is(StringLiteralExprSyntax.self) && !isConstant(operand, in: file, depth: depth)
                && skipping?(operand) != true
            {
                return ("concatenated values", operand)
            }
            for operand in operands {
                if let found = dynamicPart(of: operand, in: file, depth: depth + 1, skipping: skipping) {
                    return found
                }
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "String", call.argument("format") != nil {
            return call.arguments.dropFirst().first(where: {
                !isConstant($0.expression, in: file, depth: depth) && skipping?($0.expression) != true
            })
            .map { ("a format string with values", $0.expression) }
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            return dynamicPart(of: value, in: file, depth: depth + 1, skipping: skipping)
        }
        return nil
    }

    /// SQL text whose only values are parameters of the function it is built in (`"… WHERE \(clause)"`): what that
    /// function's callers pass decides it.
    static func isDynamicOnlyThroughParameters(_ sql: ExprSyntax, in file: SwiftFile) -> Bool {
        dynamicPart(of: sql, in: file, depth: 0, skipping: isParameter) == nil
            && dynamicPart(of: sql, in: file, depth: 0) != nil
    }

    /// A parameter of the enclosing function, as it is or through `let` locals: its callers decide what it holds.
    private static func isParameter(_ value: ExprSyntax) -> Bool {
        ParameterSink.of(value, ruleId: description.id) != nil
    }

    /// `conditions` in `conditions.joined(separator: " or ")` where `let conditions = items.map { … return "(id = ?)" }`,
    /// or `[deletedClause, "\(Column.episode) = ?"].compactMap { $0 }`: a list whose every element is SQL text the
    /// app wrote, through filters, sorts and concatenations of such lists.
    private static func isLiteralList(_ expr: ExprSyntax, in file: SwiftFile, depth: Int) -> Bool {
        guard depth < maxDepth else { return false }
        var list = expr.unwrapped
        if let ref = list.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            list = value.unwrapped
        }
        if let array = list.as(ArrayExprSyntax.self) {
            return !array.elements.isEmpty
                && array.elements.allSatisfy { isAppMadeSQL($0.expression, in: file, depth: depth + 1) }
        }
        if let sequence = list.as(SequenceExprSyntax.self) {
            return sequence.elements.allSatisfy { element in
                if let op = element.as(BinaryOperatorExprSyntax.self) { return op.operator.text == "+" }
                return isLiteralList(element, in: file, depth: depth + 1)
            }
        }
        guard let call = list.as(FunctionCallExprSyntax.self), let name = call.calledName else { return false }
        let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        // Filters and sorts keep the elements; `compactMap { $0 }` drops the nils.
        let isIdentity = closure?.statements.count == 1 && closure?.statements.first?.item.trimmedDescription == "$0"
        if ["filter", "sorted", "reversed"].contains(name) || (name == "compactMap" && isIdentity) {
            return call.calledBase.map { isLiteralList($0, in: file, depth: depth) } ?? false
        }
        guard name == "map" || name == "compactMap", let closure, let last = closure.statements.last else {
            return false
        }
        var results: [ExprSyntax] = []
        for item in closure.statements {
            if let ret = item.item.as(ReturnStmtSyntax.self) {
                guard let value = ret.expression else { return false }
                results.append(value)
            }
        }
        if results.isEmpty, let value = last.item.as(ExprSyntax.self) { results.append(value) }
        return !results.isEmpty && results.allSatisfy { isAppMadeSQL($0, in: file, depth: depth + 1) }
    }

    /// The declared type of the stored property `name` of the type around `node` (`Int` for `var n = 0`).
    private static func storedPropertyType(of name: String, near node: some SyntaxProtocol) -> String? {
        guard let type = node.enclosingTypeDecl as? any DeclGroupSyntax else { return nil }
        for member in type.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription }
                if let value = binding.initializer?.value.unwrapped,
                    value.is(IntegerLiteralExprSyntax.self)
                        || value.as(PrefixOperatorExprSyntax.self)?.expression.is(IntegerLiteralExprSyntax.self) == true
                {
                    return "Int"
                }
                return nil
            }
        }
        return nil
    }

    /// Constants: literals, names resolving to literals, `Self.`/type-qualified constants, and UPPER_CASE or
    /// table-like names (`Tables.notes`, `kTableName`).
    private static func isConstant(_ expr: ExprSyntax, in file: SwiftFile, depth: Int = 0) -> Bool {
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) || e.is(IntegerLiteralExprSyntax.self)
            || e.is(FloatLiteralExprSyntax.self)
            || e.is(BooleanLiteralExprSyntax.self) || e.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if file.stringValue(of: e) != nil { return true }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "joined", let base = call.calledBase,
            isLiteralList(base, in: file, depth: depth) || base.lastName.map(SQLIdentifierSlot.isSchemaName) == true
        {
            return true  // `conditions.joined(separator: " or ")`, `columnNames.joined(separator: ",")`
        }
        guard depth < maxDepth else { return false }
        // `sortOrder == .forward ? "DESC" : "ASC"` (folded, or as the parser leaves it: a sequence with `? :` in it)
        if let ternary = e.as(TernaryExprSyntax.self) {
            return isConstant(ternary.thenExpression, in: file, depth: depth + 1)
                && isConstant(ternary.elseExpression, in: file, depth: depth + 1)
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if let k = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), k + 2 == elements.count,
                let ternary = elements[k].as(UnresolvedTernaryExprSyntax.self)
            {
                return isConstant(ternary.thenExpression, in: file, depth: depth + 1)
                    && isConstant(elements[k + 1], in: file, depth: depth + 1)
            }
            // `year + 1`: arithmetic on numbers; `Int(text) ?? 0`: a number or its fallback.
            return elements.allSatisfy { element in
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    return ["+", "-", "*", "/", "??"].contains(op.operator.text)
                }
                return isConstant(element, in: file, depth: depth + 1)
            }
        }
        // `\(listenedEpisodes(year: year))`, `\(values.insertBindingValues)`: a function or computed property of
        // this file that returns SQL text built from constants.
        if let call = e.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            returnsAppMadeSQL(callee.baseName.text, property: false, in: file)
        {
            return true
        }
        if let member = e.as(MemberAccessExprSyntax.self), member.base != nil,
            returnsAppMadeSQL(member.declName.baseName.text, property: true, in: file)
        {
            return true
        }
        // `conversationSelect + " WHERE c.id = ?"`: a computed property of this file named without `self.`.
        if let ref = e.as(DeclReferenceExprSyntax.self),
            LocalValue.initializer(of: ref.baseName.text, before: ref) == nil,
            Sensitivity.parameterType(of: ref.baseName.text, near: ref) == nil,
            returnsAppMadeSQL(ref.baseName.text, property: true, in: file)
        {
            return true
        }
        // `Message.selectList(alias: "m")`, `Self.columns()`: a type's own function given only constants, as a
        // type's constant (`Schema.messages`) is below.
        if let call = e.as(FunctionCallExprSyntax.self),
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.lastName,
            base.first?.isUppercase == true, call.trailingClosure == nil,
            call.arguments.allSatisfy({ isConstant($0.expression, in: file, depth: depth + 1) })
        {
            return true
        }
        if let call = e.as(FunctionCallExprSyntax.self), returnsNumber(call, in: file) { return true }
        // `max(1, min(limit, 20))`: Swift's numeric functions of numbers give a number.
        if let call = e.as(FunctionCallExprSyntax.self), call.calledBase == nil,
            ["max", "min", "abs"].contains(call.calledName ?? ""), !call.arguments.isEmpty,
            call.arguments.allSatisfy({ isConstant($0.expression, in: file, depth: depth + 1) })
        {
            return true
        }
        // `\(uuids.count)`, or a parameter declared `Int`: a number cannot change the statement.
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count" { return true }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let type = Sensitivity.parameterType(of: ref.baseName.text, near: ref),
            SQLIdentifierSlot.numericTypes.contains(type.filter { $0 != "?" && $0 != "!" })
        {
            return true
        }
        // `\(currentUserID)` where the type declares `var currentUserID: Int64`: a number, wherever it was set.
        if let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? e.as(MemberAccessExprSyntax.self).flatMap({ member in
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                    ? member.declName.baseName.text : nil
            }),
            let type = Self.storedPropertyType(of: name, near: e),
            SQLIdentifierSlot.numericTypes.contains(type.filter { $0 != "?" && $0 != "!" })
        {
            return true
        }
        // `Table.notes.rawValue`, `table.rawValue` of the project's `enum Table: String`, a date the app formatted:
        // text the app wrote (`AppMadeValue`).
        if AppMadeValue.isAppMade(e, in: file) { return true }
        // `Int(text)`: whatever the text was, the value is a number or nil.
        if let call = e.as(FunctionCallExprSyntax.self), let callee = call.calledName,
            SQLIdentifierSlot.numericTypes.contains(callee), call.arguments.count == 1
        {
            return true
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            SQLIdentifierSlot.isSanitizingCall(
                call.calledName ?? "", labels: call.arguments.compactMap { $0.label?.text })
        {
            return true
        }
        guard let name = e.lastName else { return false }
        if name.hasPrefix("k") && name.dropFirst().first?.isUppercase == true { return true }
        if name == name.uppercased() && name.contains(where: \.isLetter) { return true }
        if SQLIdentifierSlot.isSchemaName(name) { return true }
        // `let name = column.rawValue`: a local holding schema.
        if depth < maxDepth, let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
            value.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        {
            return isConstant(value, in: file, depth: depth + 1)
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.lastName,
            base.first?.isUppercase == true
        {
            return true  // `Tables.notes`, `Self.schemaVersion`
        }
        return false
    }
}
