import IOSecCore

/// `storage.database-unencrypted` in Objective-C: a secret put into SQLite (`sqlite3_exec` / `sqlite3_prepare*`,
/// FMDB's `executeUpdate:`), by a formatted value or by the column it fills, or into a Core Data object made with
/// `insertNewObjectForEntityForName:` (`[user setValue:password forKey:@"password"]`).
enum DatabaseUnencryptedObjCMatcher: ObjCRule {
    static var description: RuleDescription { DatabaseUnencryptedRule.description }

    static let requiredNames: Set<String>? = SQLInjectionObjCMatcher.sqliteCalls.union([
        "executeUpdate", "setValue", "setObject"
    ])

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        // SQL into a database the project keys with SQLCipher is written as ciphertext.
        if !file.databaseEncryption.contains(.sqlite) {
            for call in source.calls
            where SQLInjectionObjCMatcher.sqliteCalls.contains(call.name) && call.arguments.count >= 2 {
                checkSQL(call.arguments[1], source, file)
            }
            for send in source.sends(withFirstPart: "executeUpdate") where send.selector.hasPrefix("executeUpdate:") {
                guard let sql = send.parts.first?.argument, let statement = source.split(sql).first else { continue }
                checkSQL(statement, source, file)
            }
        }
        for send in source.sends(withFirstPart: "setValue", "setObject")
        where send.selector == "setValue:forKey:" || send.selector == "setObject:forKey:" {
            guard let value = send.parts[0].argument, let keyRange = send.parts[1].argument,
                source.text(source.trimmedExpression(value)) != "nil", isManagedObject(send.receiver, source)
            else { continue }
            // The column's name, or else what the value is (`[row setValue:self.passField.text forKey:@"p"]`).
            let key = source.stringValue(of: keyRange)
            guard
                let name = key.flatMap({ DatabaseUnencryptedRule.isSensitiveColumn($0) ? $0 : nil })
                    ?? source.sensitiveName(in: value)
            else { continue }
            report(
                file, source, at: send.open,
                "'\(name)' is written to a Core Data store, which is not encrypted; keep it in the Keychain")
        }
    }

    /// `INSERT … VALUES ('%@', '%@')` formatted with a secret, or SQL text that fills a sensitive column.
    private static func checkSQL(_ range: Range<Int>, _ source: ObjCSource, _ file: ArtifactFile) {
        let sql = statement(range, source)
        if let format = source.sends.first(where: {
            sql.contains($0.open) && $0.selector.hasPrefix("stringWithFormat:")
        }), let arguments = format.parts[0].argument {
            let parts = source.split(arguments)
            guard let formatString = parts.first, let text = source.stringValue(of: formatString),
                ["INSERT", "UPDATE", "REPLACE"].contains(where: text.uppercased().contains)
            else { return }
            if let value = parts.dropFirst().lazy.compactMap({ source.sensitiveName(in: $0) }).first {
                report(
                    file, source, at: range.lowerBound,
                    "'\(value)' is written to an unencrypted SQLite database; keep it in the Keychain or encrypt the database"
                )
            } else if let column = DatabaseUnencryptedRule.sensitiveWrittenColumn(text) {
                report(file, source, at: range.lowerBound, message(column))
            }
            return
        }
        if let text = source.stringValue(of: sql), let column = DatabaseUnencryptedRule.sensitiveWrittenColumn(text) {
            report(file, source, at: range.lowerBound, message(column))
        }
    }

    private static func message(_ column: String) -> String {
        "'\(column)' is written to an unencrypted SQLite database; keep it in the Keychain or encrypt the database"
    }

    /// The SQL expression behind `[sql UTF8String]`, `sql.UTF8String` or a local declared with it.
    private static func statement(_ range: Range<Int>, _ source: ObjCSource) -> Range<Int> {
        var r = source.trimmedExpression(range)
        if let send = source.send(openingAt: r.lowerBound), send.close == r.upperBound - 1,
            send.selector == "UTF8String"
        {
            r = source.trimmedExpression(send.receiver)
        } else if r.count == 3, source.isPunct(r.lowerBound + 1, "."), source.text(r.lowerBound + 2) == "UTF8String" {
            r = r.lowerBound..<(r.lowerBound + 1)
        }
        if r.count == 1, source.isIdentifier(r.lowerBound),
            let value = source.declaredValue(of: source.text(r.lowerBound), before: r.lowerBound)
        {
            r = source.trimmedExpression(value)
        }
        return r
    }

    /// A local declared as a new Core Data object: `[NSEntityDescription insertNewObjectForEntityForName:…]`.
    private static func isManagedObject(_ receiver: Range<Int>, _ source: ObjCSource) -> Bool {
        let r = source.trimmedExpression(receiver)
        guard r.count == 1, source.isIdentifier(r.lowerBound),
            let value = source.declaredValue(of: source.text(r.lowerBound), before: r.lowerBound)
        else { return false }
        return source.identifiers(in: value).contains {
            $0 == "insertNewObjectForEntityForName" || $0 == "initWithEntity"
        }
    }
}
