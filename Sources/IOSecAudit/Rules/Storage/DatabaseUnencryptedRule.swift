import IOSecCore
import SwiftSyntax

/// `storage.database-unencrypted`: credentials and other sensitive values written into a local database that is
/// not encrypted: SQLite (directly, FMDB, GRDB), Core Data, Realm without an encryption key, Couchbase Lite,
/// YapDatabase.
struct DatabaseUnencryptedRule: SwiftRule {
    static let description = RuleDescription(
        id: "storage.database-unencrypted",
        title: "Sensitive data in an unencrypted database",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        rationale: """
            SQLite files, Core Data stores, Realm, Couchbase Lite and YapDatabase databases are plain files in the \
            app container. They are copied into backups, readable from a jailbroken or forensically imaged device, and \
            keep deleted rows in free pages and the write-ahead log long after the app "deleted" them. A password, \
            token or card number stored there is one file copy away from an attacker.
            """,
        fix:
            "Keep credentials in the Keychain; if the database must hold sensitive data, encrypt it (Realm encryptionKey from the Keychain, SQLCipher, GRDB with a passphrase) and give the file complete data protection.",
        fixExample: """
            // The token goes to the Keychain; the database keeps only a reference to the account.
            try KeychainStore(service: "com.example.app.auth").set(Data(token.utf8), for: account.id)
            // Realm: encrypt with a 64-byte key kept in the Keychain.
            let realm = try Realm(configuration: Realm.Configuration(encryptionKey: try keyFromKeychain()))
            """,
        triggeringExamples: [
            RuleExample(
                """
                - (IBAction)saveAccount:(id)sender {
                    NSString *sql = [NSString stringWithFormat:@"INSERT INTO accounts VALUES ('%@', '%@')",
                                     self.userField.text, self.passwordField.text];
                    sqlite3_exec(db, ↓[sql UTF8String], NULL, NULL, NULL);
                    [queue executeUpdate:↓@"UPDATE accounts SET pin = ? WHERE id = ?", pin, accountID];
                    NSManagedObject *user = [NSEntityDescription insertNewObjectForEntityForName:@"User"
                                                                        inManagedObjectContext:context];
                    [user setValue:self.userField.text forKey:@"email"];
                    ↓[user setValue:self.passwordField.text forKey:@"password"];
                    [context save:nil];
                }
                """, path: "App/AccountStore.m"),
            RuleExample(
                """
                func saveUser(_ name: String, password: String) {
                    let sql = "INSERT INTO users (name, password) VALUES (?, ?)"
                    var statement: OpaquePointer?
                    ↓sqlite3_prepare_v2(db, sql, -1, &statement, nil)
                }
                """),
            RuleExample(
                """
                func remember(_ email: String, _ password: String) {
                    let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context)
                    user.setValue(email, forKey: "email")
                    ↓user.setValue(password, forKey: "password")
                    try? context.save()
                }
                """),
            RuleExample(
                """
                func store(_ credentials: Credentials) {
                    let realm = try! Realm()
                    try! realm.write {
                        ↓realm.add(credentials)
                    }
                }
                """),
            RuleExample(
                """
                // The object is given the password in the function and added in the write closure.
                func saveAccount() {
                    let realm = try! Realm()
                    let account = Account()
                    account.name = nameField.text!
                    account.password = passwordField.text!
                    try! realm.write {
                        ↓realm.add(account)
                    }
                }
                """),
            RuleExample(
                """
                func cache(pin: String) {
                    connection.readWrite { transaction in
                        ↓transaction.setObject(pin, forKey: "userPIN", inCollection: "auth")
                    }
                }
                """),
            RuleExample(
                #"try db.executeUpdate(↓"INSERT INTO accounts (email, token) VALUES (?, ?)", values: [email, token])"#),
            RuleExample(
                """
                func register(email: String, password: String) throws {
                    let user = User(context: container.viewContext)
                    user.email = email
                    ↓user.password = password
                    try container.viewContext.save()
                }
                """),
            RuleExample(
                """
                func saveUser(_ name: String, _ password: String) {
                    sqlite3_exec(db, ↓"INSERT INTO users VALUES ('\\(name)', '\\(password)')", nil, nil, nil)
                }
                """),
            RuleExample(#"try ↓document.putProperties(["username": username, "password": password])"#),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="22522">
                    <entity name="Account" representedClassName="Account" syncable="YES" codeGenerationType="class">
                        <attribute name="email" optional="YES" attributeType="String"/>
                        ↓<attribute name="password" optional="YES" attributeType="String"/>
                        <attribute name="cardNumber" optional="YES" attributeType="String"/>
                    </entity>
                </model>
                """, path: "App/Wallet.xcdatamodeld/Wallet.xcdatamodel/contents"),
            // The model classes are declared in other files: a Core Data entity through the project's base class,
            // and a Realm object.
            RuleExample(files: [
                (
                    "App/Model/Entities.swift",
                    """
                    import CoreData
                    import RealmSwift

                    class SyncedEntity: NSManagedObject {}
                    final class Account: SyncedEntity {
                        @NSManaged var cachedLogin: String?
                    }
                    final class Draft: Object {
                        @Persisted var body = ""
                    }
                    """
                ),
                (
                    "App/Login/LoginModel.swift",
                    """
                    func signedIn(_ account: Account, password: String, token: String, in context: NSManagedObjectContext) throws {
                        ↓account.cachedLogin = password
                        ↓account.setPrimitiveValue(token, forKey: "extra")
                        try context.save()
                    }
                    func keepDraft(_ draft: Draft, token: String) throws {
                        let realm = try Realm()
                        ↓draft.body = token
                        try realm.write { realm.add(draft) }
                    }
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // A form the app never stores, a hash in a model, an encrypted value, and a Realm the app encrypts.
            RuleExample(files: [
                (
                    "App/Model/Entities.swift",
                    """
                    import CoreData

                    final class Account: NSManagedObject {
                        @NSManaged var passwordHash: String?
                        @NSManaged var sealedToken: Data?
                    }
                    struct LoginForm { var password = "" }
                    """
                ),
                (
                    "App/Login/LoginModel.swift",
                    """
                    func signedIn(_ account: Account, form: LoginForm, password: String, hashedPassword: String, context: NSManagedObjectContext) throws {
                        var copy = form
                        copy.password = password
                        account.passwordHash = hashedPassword
                        account.sealedToken = try? AES.GCM.seal(Data(password.utf8), using: key).combined
                        try context.save()
                    }
                    """
                )
            ]),
            // A migration copies what the store already holds; an enum case's raw value as a fallback, and a one-time
            // code's period, are the app's own settings.
            RuleExample(
                """
                final class ServiceMigration: NSEntityMigrationPolicy {
                    override func createDestinationInstances(
                        forSource source: NSManagedObject, in mapping: NSEntityMapping, manager: NSMigrationManager
                    ) throws {
                        let secret = source.primitiveValue(forKey: "payload") as? String
                        let copy = NSEntityDescription.insertNewObject(forEntityName: "Service", into: manager.destinationContext)
                        copy.setValue(secret, forKey: "payload")
                    }
                }
                func store(_ service: NSManagedObject, kind: String?, secretPeriod: Int) {
                    service.setValue(kind ?? TokenKind.totp.rawValue, forKey: "kind")
                    service.setValue(secretPeriod, forKey: "interval")
                }
                """),
            // A property Core Data does not save (no @NSManaged): it lives in memory only.
            RuleExample(
                """
                import CoreData

                final class Account: NSManagedObject {
                    @NSManaged var email: String?
                    var typedPassword = ""
                }
                func fill(_ account: Account, password: String, context: NSManagedObjectContext) throws {
                    account.typedPassword = password
                    try context.save()
                }
                """),
            RuleExample(
                """
                import RealmSwift

                final class Session: Object { @Persisted var token = "" }
                func open(token: String, key: Data) throws {
                    let realm = try Realm(configuration: Realm.Configuration(encryptionKey: key))
                    let session = Session()
                    session.token = token
                    try realm.write { realm.add(session) }
                }
                """),
            RuleExample(
                """
                - (void)saveNote:(NSString *)title body:(NSString *)body {
                    NSString *sql = [NSString stringWithFormat:@"INSERT INTO notes VALUES ('%@', '%@')", title, body];
                    sqlite3_exec(db, [sql UTF8String], NULL, NULL, NULL);
                    sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS users (name TEXT, password_hash TEXT)", NULL, NULL, NULL);
                    [queue executeUpdate:@"UPDATE users SET password_hash = ? WHERE id = ?", hash, userID];
                    NSManagedObject *user = [NSEntityDescription insertNewObjectForEntityForName:@"User"
                                                                        inManagedObjectContext:context];
                    [user setValue:self.nameField.text forKey:@"name"];
                    [self.settings setObject:self.passwordField.text forKey:@"password"];
                }
                """, path: "App/NoteStore.m"),
            RuleExample(
                #"sqlite3_prepare_v2(db, "INSERT INTO notes (title, body) VALUES (?, ?)", -1, &statement, nil)"#),
            RuleExample(
                """
                func store(_ credentials: Credentials) throws {
                    let realm = try Realm(configuration: Realm.Configuration(encryptionKey: try keychainKey()))
                    try realm.write { realm.add(credentials) }
                }
                """),
            RuleExample(
                """
                // Nothing secret in the object; another object holds the password in another function.
                func saveProfile() {
                    let realm = try! Realm()
                    let profile = Profile()
                    profile.name = nameField.text!
                    profile.avatarURL = avatarURL
                    try! realm.write { realm.add(profile) }
                }
                func rememberLogin() { login.password = passwordField.text! }
                """),
            RuleExample(
                """
                let note = NSEntityDescription.insertNewObject(forEntityName: "Note", into: context)
                note.setValue(title, forKey: "title")
                note.setValue(passwordRules, forKey: "hint")
                """),
            RuleExample(#"try db.execute(sql: "DELETE FROM sessions WHERE expires < ?", arguments: [now])"#),
            RuleExample(
                #"sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS users (name TEXT, password_hash TEXT)", nil, nil, nil)"#),
            RuleExample(files: [
                (
                    "App/Wallet.xcdatamodeld/Wallet.xcdatamodel/contents",
                    """
                    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                        <entity name="Account" representedClassName="Account" syncable="YES">
                            <attribute name="password" optional="YES" attributeType="String"/>
                        </entity>
                    </model>
                    """
                ),
                (
                    "App/Persistence.swift",
                    """
                    let description = NSPersistentStoreDescription(url: storeURL)
                    description.setOption(FileProtectionType.complete as NSObject, forKey: NSPersistentStoreFileProtectionKey)
                    """
                )
            ]),
            RuleExample(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                    <entity name="Draft" representedClassName="Draft" syncable="YES">
                        <attribute name="passwordHint" optional="YES" attributeType="String"/>
                        <attribute name="isPinned" optional="YES" attributeType="Boolean"/>
                        <attribute name="pin" optional="YES" attributeType="String" transient="YES"/>
                        <attribute name="rememberPassword" optional="YES" attributeType="Boolean"/>
                        <attribute name="tokenExpiry" optional="YES" attributeType="Date"/>
                        <attribute name="body" optional="YES" attributeType="String"/>
                    </entity>
                </model>
                """, path: "App/Drafts.xcdatamodeld/Drafts.xcdatamodel/contents")
        ]
    )

    static let calleeNames: Set<String>? = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "executeUpdate", "executeQuery",
        "execute",
        "setValue", "setPrimitiveValue", "add", "create", "setObject", "setString", "save", "putProperties"
    ]

    private static let sqlCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3"
    ]
    /// SQL statements that store rows.
    private static let writeVerbs = ["INSERT", "UPDATE", "REPLACE"]
    /// Column-name words that say the value is derived, not the secret itself.
    private static let derivedWords: Set<String> = [
        "hash", "hashed", "digest", "salt", "encrypted", "cipher", "ciphertext", "wrapped"
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let name = call.calledName else { return }
        if Self.sqlCalls.contains(name) || ["executeUpdate", "executeQuery"].contains(name)
            || (name == "execute" && call.argument("sql") != nil)
        {
            let sql =
                Self.sqlCalls.contains(name)
                ? call.arguments.dropFirst().first?.expression
                : (call.argument("sql") ?? call.arguments.first { $0.label == nil }?.expression)
            guard let sql else { return }
            // `"INSERT INTO users VALUES ('\(name)', '\(password)')"`: the values say what is stored.
            if let literal = sql.unwrapped.as(StringLiteralExprSyntax.self), let text = Self.sqlText(sql, in: file),
                ["INSERT", "UPDATE", "REPLACE"].contains(where: text.uppercased().contains),
                let value = literal.segments.compactMap({
                    $0.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression
                })
                .lazy.compactMap(Sensitivity.sensitiveName).first
            {
                report(
                    file, at: sql,
                    "'\(value)' is written to an unencrypted SQLite database; keep it in the Keychain or encrypt the database"
                )
                return
            }
            guard let text = Self.sqlText(sql, in: file), let column = Self.sensitiveWrittenColumn(text) else { return }
            let at: Syntax = sql.is(StringLiteralExprSyntax.self) ? Syntax(sql) : Syntax(call)
            report(
                file, at: at,
                "'\(column)' is written to an unencrypted SQLite database; keep it in the Keychain or encrypt the database"
            )
            return
        }
        switch name {
        case "save":
            // Core Data with generated subclasses: `let user = User(context: ctx); user.password = …; try ctx.save()`.
            guard let base = call.calledBase?.lastName, base.lowercased().hasSuffix("context") || base == "moc" else {
                return
            }
            for assignment in Self.sensitiveManagedObjectAssignments(before: call)
            where reported.insert(assignment.id).inserted {
                let attribute = assignment.as(SequenceExprSyntax.self)?.simpleAssignment?.target.lastName ?? "value"
                report(
                    file, at: assignment,
                    "'\(attribute)' is saved in a Core Data store, which is not encrypted; keep it in the Keychain")
            }
            reportModelAssignments(before: call, to: .coreData, in: file)
        case "putProperties":
            // Couchbase Lite 1.x: `try document.putProperties(["password": password])`
            guard let properties = call.arguments.first?.expression,
                let sensitive = Sensitivity.sensitiveName(in: properties)
            else { return }
            report(
                file, at: call,
                "'\(sensitive)' is written to a Couchbase Lite database, which is not encrypted; keep it in the Keychain"
            )
        case "setValue", "setPrimitiveValue", "setObject", "setString":
            // Core Data (`NSManagedObject.setValue(_:forKey:)`), Couchbase Lite documents, YapDatabase transactions.
            guard let value = call.arguments.first?.expression, !value.unwrapped.is(NilLiteralExprSyntax.self),
                let store = Self.storeKind(of: call, in: file)
            else { return }
            if let key = call.argument("forKey").flatMap(file.stringValue(of:)), Self.isSensitiveColumn(key) {
                report(
                    file, at: call, "'\(key)' is written to \(store), which is not encrypted; keep it in the Keychain")
            } else {
                reportSensitive(value, writtenTo: store, at: call, in: file)
            }
        case "add", "create":
            // Realm: `realm.add(credentials)` with the default, unencrypted configuration.
            guard let base = call.calledBase, let object = call.arguments.first?.expression,
                Self.isUnencryptedRealm(base)
            else { return }
            guard let sensitive = Sensitivity.sensitiveName(in: object) ?? Self.sensitiveTypeName(object) else {
                reportModelAssignments(before: call, to: .realm, in: file)
                return
            }
            report(
                file, at: call,
                "'\(sensitive)' is added to a Realm opened without an encryptionKey; encrypt the Realm with a key from the Keychain"
            )
        default:
            return
        }
    }

    /// `account.token = token` before `call` (a Core Data save, a Realm add) in its function, on an object declared
    /// or made as one of the project's model classes for `store` (declared in any file): the value is what the
    /// object stores.
    private mutating func reportModelAssignments(
        before call: FunctionCallExprSyntax, to store: PersistentStore, in file: SwiftFile
    ) {
        guard file.constants.hasPersistentModels, let body = call.enclosingFunction?.body else { return }
        let assignments = SyntaxSearch.all(SequenceExprSyntax.self, in: body) {
            $0.position < call.position && $0.simpleAssignment != nil
        }
        for seq in assignments.prefix(64) where !reported.contains(seq.id) {
            guard let assignment = seq.simpleAssignment,
                let member = assignment.target.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
                let type = Sensitivity.declaredType(of: Self.unwrappingOptionalChain(base)),
                file.constants.persistentStore(ofType: type) == store,
                !Self.isTransient(member.declName.baseName.text, of: type, store: store, in: file),
                reportSensitive(assignment.value, writtenTo: store.rawValue, at: seq, in: file)
            else { continue }
            reported.insert(seq.id)
        }
    }

    /// Reports `value` written to `store` when a flow or its name says it is a secret; whether it did.
    @discardableResult
    private func reportSensitive(
        _ written: ExprSyntax, writtenTo store: String, at node: some SyntaxProtocol, in file: SwiftFile
    ) -> Bool {
        // A migration copies what the store already holds from one model version to the next: the model's own
        // finding says it.
        if let type = node.enclosingTypeDecl?.as(ClassDeclSyntax.self),
            type.inheritanceClause?.inheritedTypes.contains(where: {
                $0.type.trimmedDescription.hasSuffix("NSEntityMigrationPolicy")
            }) == true
        {
            return false
        }
        // `type ?? TokenType.totp.rawValue`: the value is `type`'s; the fallback is the app's own.
        var value = written
        if let sequence = written.unwrapped.as(SequenceExprSyntax.self),
            sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }),
            let first = sequence.elements.first
        {
            value = first
        }
        guard !value.unwrapped.is(NilLiteralExprSyntax.self), !Sensitivity.isEncrypted(value) else { return false }
        if let steps = SecretOrigin.trace(value, in: file) {
            reportFlow(
                file, at: node,
                "'\(SecretOrigin.displayName(of: value))' (\(steps.first?.note ?? "a secret")) is written to \(store), which is not encrypted; keep it in the Keychain",
                steps: steps, sink: "stored in \(store)")
            return true
        }
        // A value the app made (a literal, an enum case's raw value) is a setting, whatever its name.
        guard let name = Sensitivity.sensitiveName(in: value), Self.isSensitiveColumn(name),
            !AppMadeValue.isAppMade(value, in: file)
        else { return false }
        report(
            file, at: node, "'\(name)' is written to \(store), which is not encrypted; keep it in the Keychain",
            evidence: .name)
        return true
    }

    /// A property of the model class, declared in this file, that the store does not save: Core Data saves
    /// `@NSManaged` properties, Realm `@Persisted` and `@objc dynamic` ones; any other `var` lives in memory only.
    private static func isTransient(_ property: String, of type: String, store: PersistentStore, in file: SwiftFile)
        -> Bool
    {
        guard file.contains(type) else { return false }
        let declarations = SyntaxSearch.all(VariableDeclSyntax.self, in: file.tree) { decl in
            decl.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property }
                && Self.typeName(of: decl.enclosingTypeDecl) == type
        }
        // A computed property's setter decides where the value goes (often `setValue(_:forKey:)`).
        guard let declaration = declarations.first, declaration.bindings.allSatisfy({ $0.accessorBlock == nil })
        else { return false }
        let attributes = Set(
            declaration.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
        let modifiers = Set(declaration.modifiers.map(\.name.text))
        switch store {
        case .coreData: return !attributes.contains("NSManaged")
        case .realm: return !attributes.contains("Persisted") && !modifiers.contains("dynamic")
        }
    }

    /// The name a class, struct, actor or extension declares or extends.
    private static func typeName(of decl: DeclSyntaxProtocol?) -> String? {
        if let c = decl?.as(ClassDeclSyntax.self) { return c.name.text }
        if let e = decl?.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
        if let s = decl?.as(StructDeclSyntax.self) { return s.name.text }
        if let a = decl?.as(ActorDeclSyntax.self) { return a.name.text }
        return nil
    }

    /// `object?` of `object?.password = …` is `object`.
    private static func unwrappingOptionalChain(_ expr: ExprSyntax) -> ExprSyntax {
        expr.as(OptionalChainingExprSyntax.self)?.expression ?? expr
    }

    /// Assignments already reported (one per attribute, however many saves follow).
    private var reported: Set<SyntaxIdentifier> = []

    /// `x.password = value` statements, before `use` in its function, on objects made with `Entity(context:)` or
    /// `NSEntityDescription.insertNewObject`.
    private static func sensitiveManagedObjectAssignments(before use: FunctionCallExprSyntax) -> [Syntax] {
        guard let body = use.enclosingBody else { return [] }
        var managed: Set<String> = []
        var result: [Syntax] = []
        for item in body where item.position < use.position {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                for binding in decl.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value.unwrapped
                    else { continue }
                    let text = value.sourceText
                    if text.contains("insertNewObject")
                        || (value.as(FunctionCallExprSyntax.self)?.argumentLabels == ["context"])
                    {
                        managed.insert(name)
                    }
                }
            } else if let sequence = item.item.as(SequenceExprSyntax.self), let assignment = sequence.simpleAssignment,
                let member = assignment.target.as(MemberAccessExprSyntax.self),
                let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, managed.contains(owner),
                isSensitiveColumn(member.declName.baseName.text),
                !assignment.value.unwrapped.is(NilLiteralExprSyntax.self)
            {
                result.append(Syntax(sequence))
            }
        }
        return result
    }

    /// The SQL a literal or a local initialised with one holds.
    private static func sqlText(_ expr: ExprSyntax, in file: SwiftFile) -> String? {
        let e = expr.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined(
                separator: " ? ")
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref),
            value.is(StringLiteralExprSyntax.self)
        {
            return sqlText(value, in: file)
        }
        return file.stringValue(of: e)
    }

    /// The first sensitive column an INSERT / UPDATE / REPLACE writes.
    static func sensitiveWrittenColumn(_ sql: String) -> String? {
        let upper = sql.uppercased()
        guard writeVerbs.contains(where: { upper.contains($0 + " ") }) else { return nil }
        // Column names sit in `(a, b)` after INSERT INTO t, or before `=` in UPDATE … SET a = ?.
        var word = ""
        var columns: [String] = []
        for ch in sql {
            if ch.isLetter || ch.isNumber || ch == "_" {
                word.append(ch)
            } else {
                if !word.isEmpty { columns.append(word) }
                word = ""
            }
        }
        if !word.isEmpty { columns.append(word) }
        return columns.first(where: isSensitiveColumn)
    }

    static func isSensitiveColumn(_ name: String) -> Bool {
        guard let category = SensitiveName.classify(name) else { return false }
        _ = category
        return !SensitiveName.words(name).contains(where: derivedWords.contains)
    }

    /// "Core Data", "a Couchbase Lite document", "YapDatabase": what `call` writes into, when it is a database.
    private static func storeKind(of call: FunctionCallExprSyntax, in file: SwiftFile) -> String? {
        if call.argumentLabels.contains("inCollection") { return "YapDatabase" }
        guard let base = call.calledBase else { return nil }
        // An object declared or made as the project's model class, or as `NSManagedObject` itself.
        if let type = Sensitivity.declaredType(of: base) {
            if type == "NSManagedObject" { return PersistentStore.coreData.rawValue }
            if let store = file.constants.persistentStore(ofType: type) { return store.rawValue }
        }
        let origin = (LocalValue.origin(of: base) ?? base).sourceText
        if origin.contains("insertNewObject") || origin.contains("NSManagedObject")
            || origin.contains("NSEntityDescription")
        {
            return "a Core Data store"
        }
        if origin.contains("MutableDocument") || origin.contains("CBLDocument") || origin.contains("document(")
            || origin.contains("createDocument")
        {
            return "a Couchbase Lite database"
        }
        return nil
    }

    /// A type name that holds credentials: `realm.add(Credentials(…))`, `realm.add(user)` where `user: UserCredentials`.
    private static func sensitiveTypeName(_ expr: ExprSyntax) -> String? {
        let e = expr.unwrapped
        if let call = e.as(FunctionCallExprSyntax.self), let name = call.calledName, name.first?.isUppercase == true,
            Sensitivity.isSensitiveType(name)
        {
            return name
        }
        return nil
    }

    /// `realm` from `try Realm()` / `Realm(configuration:)` without `encryptionKey` in the same function.
    private static func isUnencryptedRealm(_ base: ExprSyntax) -> Bool {
        // A key set anywhere in the function or its type (`config.encryptionKey = key`) counts.
        if let type = base.enclosingTypeDecl,
            Syntax(type).tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "encryptionKey" })
        {
            return false
        }
        if let body = base.enclosingBody,
            body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "encryptionKey" })
        {
            return false
        }
        guard let origin = LocalValue.origin(of: base) else {
            return base.sourceText.contains("Realm()")
        }
        let text = origin.sourceText
        guard text.contains("Realm(") else { return false }
        if text.contains("encryptionKey") { return false }
        // `Realm(configuration: config)`: look for the configuration's key where it was made.
        if let call = origin.unwrapped.as(FunctionCallExprSyntax.self),
            let configuration = call.argument("configuration")
        {
            let configurationText = (LocalValue.origin(of: configuration) ?? configuration).sourceText
            return !configurationText.contains("encryptionKey")
        }
        return true
    }
}
