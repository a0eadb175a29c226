import IOSecCore

/// `storage.database-unencrypted` in Objective-C: a secret put into SQLite (`sqlite3_exec` / `sqlite3_prepare*`,
/// FMDB's `executeUpdate:`), by a formatted value or by the column it fills, into a Core Data object made with
/// `insertNewObjectForEntityForName:` (`[user setValue:password forKey:@"password"]`), a YapDatabase transaction, a
/// Couchbase Lite document, or a Realm object added after a secret was set on it, when no file keys that database.
enum DatabaseUnencryptedObjCMatcher: ObjCRule {
    static var description: RuleDescription { DatabaseUnencryptedRule.description }

    static let requiredNames: Set<String>? = SQLInjectionObjCMatcher.sqliteCalls.union([
        "executeUpdate", "setValue", "setObject", "putProperties", "addObject", "addOrUpdateObject"
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
        checkDocumentStores(source, file)
        if !file.databaseEncryption.contains(.realm) { checkRealm(source, file) }
    }

    /// YapDatabase (SQLite underneath) and Couchbase Lite: the key a value is stored under, or what the value is.
    private static func checkDocumentStores(_ source: ObjCSource, _ file: ArtifactFile) {
        if !file.databaseEncryption.contains(.sqlite) {
            for send in source.sends(withFirstPart: "setObject")
            where send.selector.hasPrefix("setObject:forKey:inCollection:") {
                guard let value = send.parts[0].argument, let keyRange = send.parts[1].argument,
                    let name = source.stringValue(of: keyRange).flatMap({
                        DatabaseUnencryptedRule.isSensitiveColumn($0) ? $0 : nil
                    }) ?? source.sensitiveName(in: value)
                else { continue }
                report(
                    file, source, at: send.open,
                    "'\(name)' is written to YapDatabase, which is not encrypted; keep it in the Keychain")
            }
        }
        for send in source.sends(withFirstPart: "putProperties") where send.selector.hasPrefix("putProperties:") {
            guard let properties = send.parts[0].argument, let name = sensitiveEntry(in: properties, source) else {
                continue
            }
            report(
                file, source, at: send.open,
                "'\(name)' is written to a Couchbase Lite database, which is not encrypted; keep it in the Keychain")
        }
    }

    /// A key of a dictionary literal that names a secret column (`@"password": …`), or a value that is one.
    private static func sensitiveEntry(in range: Range<Int>, _ source: ObjCSource) -> String? {
        for index in range where source.tokens[index].kind == .string && index + 1 < range.upperBound {
            if source.isPunct(index + 1, ":"), let key = source.stringValue(ofToken: index),
                DatabaseUnencryptedRule.isSensitiveColumn(key)
            {
                return key
            }
        }
        return source.sensitiveName(in: range)
    }

    /// `user.password = self.passwordField.text;` … `[realm addObject:user];` in one body.
    private static func checkRealm(_ source: ObjCSource, _ file: ArtifactFile) {
        for send in source.sends(withFirstPart: "addObject", "addOrUpdateObject")
        where send.selector == "addObject:" || send.selector == "addOrUpdateObject:" {
            guard source.identifiers(in: send.receiver).last?.lowercased().contains("realm") == true,
                let objectRange = send.parts[0].argument,
                let object = Optional(source.identifiers(in: objectRange)), object.count == 1,
                let body = source.body(containing: send.open)
            else { continue }
            let name = source.assignments().lazy.filter { assignment in
                assignment.equals > body.lowerBound && assignment.equals < send.open
            }.compactMap { assignment -> String? in
                let target = source.identifiers(in: assignment.target)
                guard target.count == 2, target[0] == object[0] else { return nil }
                if DatabaseUnencryptedRule.isSensitiveColumn(target[1]) { return target[1] }
                return source.sensitiveName(in: assignment.value)
            }.first
            guard let name else { continue }
            report(
                file, source, at: send.open,
                "'\(name)' is added to a Realm opened without an encryptionKey; encrypt the Realm with a key from the Keychain"
            )
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
            } else if let name = parts.dropFirst().lazy.compactMap({ source.lastIdentifier(in: $0) })
                .first(where: PersonalData.isPersonal)
            {
                // As in Swift: a phone number or e-mail address, known by its name only.
                report(
                    file, source, at: range.lowerBound,
                    "'\(name)' (personal data) is written to an SQLite database, which is not encrypted; store only what the app needs, or encrypt the database",
                    severity: .low, confidence: .low, evidence: .name)
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
