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
        cwe: 89,
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
            RuleExample(
                """
                - (void)deleteMonth:(NSString *)month {
                    NSString *sql = [NSString stringWithFormat:@"DELETE FROM statements WHERE month = '%@'", month];
                    sqlite3_exec(db, ↓sql.UTF8String, NULL, NULL, NULL);
                    FMResultSet *rows = [queue executeQuery:↓[NSString stringWithFormat:@"SELECT * FROM t WHERE name = '%@'", name]];
                }
                """, path: "App/Store.m"),
            RuleExample(#"sqlite3_exec(db, ↓"DELETE FROM notes WHERE id = \(noteID)", nil, nil, nil)"#),
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
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                - (void)deleteMonth:(NSString *)month {
                    sqlite3_exec(db, "DELETE FROM statements WHERE archived = 1", NULL, NULL, NULL);
                    FMResultSet *rows = [queue executeQuery:@"SELECT * FROM t WHERE name = ?", name];
                    NSString *sql = [NSString stringWithFormat:@"VACUUM"];
                    sqlite3_exec(db, sql.UTF8String, NULL, NULL, NULL);
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

    static let calleeNames: Set<String>? = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16_v2",
        "executeQuery", "executeUpdate", "executeStatements", "execute", "fetchAll", "fetchOne", "fetchCursor",
        "fetchSet"
    ]

    /// For these, the SQL is the second argument (after the database handle).
    private static let sqliteCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "sqlite3_prepare16_v2"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName, let sql = Self.sqlArgument(of: call, name: name),
            let reason = Self.dynamicPart(of: sql, in: file, depth: 0)
        else { return }
        report(file, at: sql, "SQL is built from \(reason) and run as text; use ? placeholders and bind the values")
    }

    /// The argument that holds SQL text, for the APIs that take it.
    private static func sqlArgument(of call: FunctionCallExprSyntax, name: String) -> ExprSyntax? {
        if sqliteCalls.contains(name) {
            return call.arguments.dropFirst().first?.expression
        }
        if let sql = call.argument("sql") { return sql }  // GRDB, SQLite.swift
        guard ["executeQuery", "executeUpdate", "executeStatements"].contains(name) else { return nil }
        // FMDB: `executeQuery(_ sql:, values:)`; with bound values the interpolation is still dynamic SQL.
        return call.arguments.first { $0.label == nil }?.expression
    }

    /// What makes `expr` dynamic SQL ("interpolated values", "concatenated values", "a format string"), or nil when it
    /// is constant or only splices in constants (table names, schema versions).
    private static func dynamicPart(of expr: ExprSyntax, in file: SwiftFile, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    let value = interpolation.expressions.first?.expression
                else { continue }
                if !isConstant(value, in: file) { return "interpolated values" }
            }
            return nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let operands = sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }
            let joins = sequence.elements.contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }
            guard joins else { return nil }
            for operand in operands where !operand.is(StringLiteralExprSyntax.self) && !isConstant(operand, in: file) {
                return "concatenated values"
            }
            for operand in operands {
                if let found = dynamicPart(of: operand, in: file, depth: depth + 1) { return found }
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "String", call.argument("format") != nil {
            return call.arguments.dropFirst().contains(where: { !isConstant($0.expression, in: file) })
                ? "a format string with values" : nil
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            return dynamicPart(of: value, in: file, depth: depth + 1)
        }
        return nil
    }

    /// Constants: literals, names resolving to literals, `Self.`/type-qualified constants, and UPPER_CASE or
    /// table-like names (`Tables.notes`, `kTableName`).
    private static func isConstant(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) || e.is(IntegerLiteralExprSyntax.self)
            || e.is(FloatLiteralExprSyntax.self)
            || e.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if file.stringValue(of: e) != nil { return true }
        guard let name = e.lastName else { return false }
        let lower = name.lowercased()
        if name.hasPrefix("k") && name.dropFirst().first?.isUppercase == true { return true }
        if name == name.uppercased() && name.contains(where: \.isLetter) { return true }
        for word in ["table", "column", "schema", "version", "limit", "pagesize", "tablename", "columns", "rawvalue"]
        where lower.hasSuffix(word) {
            return true
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.lastName,
            base.first?.isUppercase == true
        {
            return true  // `Tables.notes`, `Self.schemaVersion`
        }
        return false
    }
}
