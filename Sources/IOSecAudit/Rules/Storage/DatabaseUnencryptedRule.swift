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
        owasp: OWASPReference(
            "MASWE-0001", beta: "MASWE-0006", mastg: ["MASTG-TEST-0300", "MASTG-TEST-0301", "MASTG-TEST-0302"], .exact),
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
            // Realm models whose persisted properties hold credentials, in a project that encrypts no Realm.
            RuleExample(
                """
                import RealmSwift

                final class Account: Object {
                    @Persisted(primaryKey: true) var id: String
                    @Persisted var ↓password: String
                    @Persisted var refreshToken: String?
                    @Persisted var passwordChangedAt: Date
                }
                class LegacySession: Object {
                    @objc dynamic var ↓accessToken = ""
                }
                """,
                findings: [
                    FindingSpec(message: "the Realm model `Account` stores password, refreshToken in a Realm file"),
                    FindingSpec(message: "the Realm model `LegacySession` stores accessToken")
                ]),
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
                    ↓[user setValue:self.passField.text forKey:@"p"];
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
                    ↓user.setValue(email, forKey: "email")
                    ↓user.setValue(password, forKey: "password")
                    try? context.save()
                }
                """,
                findings: [
                    FindingSpec(severity: .low, confidence: .low, message: "'email' (personal data)"),
                    FindingSpec(message: "'password' is written to a Core Data store")
                ]),
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
            // Values bound to SQL whose text says nothing about its columns: GRDB's `arguments:`, SQLite.swift's
            // values after the SQL and its setters, the C API's bind, and a statement kept in a local.
            RuleExample(
                """
                func remember(_ db: Database, statement: Statement, row: Row, refreshToken: String, pin: String) throws {
                    try ↓db.execute(sql: query, arguments: [accountID, refreshToken])
                    ↓statement.setArguments([pin])
                    _ = try Row.fetchOne(db, sql: ↓"", arguments: ["token": refreshToken])
                }
                func keep(_ connection: Connection, password: String, apiKey: String) throws {
                    try connection.run(↓"UPDATE account SET secret = ? WHERE id = 1", password)
                    let statement = try connection.prepare(update)
                    try ↓statement.run(apiKey)
                    try connection.run(accounts.insert(↓secretColumn <- password))
                }
                func bind(_ statement: OpaquePointer?, passcode: String) {
                    ↓sqlite3_bind_text(statement, 2, passcode, -1, SQLITE_TRANSIENT)
                }
                func insert(_ db: OpaquePointer?, id: Int, password: String) {
                    let insertSQL = "INSERT INTO logins (id, value) VALUES (\\(id), '\\(password)')"
                    sqlite3_exec(db, ↓insertSQL, nil, nil, nil)
                }
                """),
            // No Swift file names a Realm encryption key: a Realm handed in is as unencrypted as one made here.
            RuleExample(
                """
                func store(_ credentials: Credentials, in realm: Realm) throws {
                    try realm.write { ↓realm.add(credentials) }
                }
                """),
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
            ]),
            // Objective-C: a Realm object given a password before it is added, a Couchbase Lite document, a
            // YapDatabase transaction.
            RuleExample(
                """
                - (void)remember {
                    User *user = [[User alloc] init];
                    user.password = self.passwordField.text;
                    [realm beginWriteTransaction];
                    ↓[realm addObject:user];
                    [realm commitWriteTransaction];
                    ↓[self.document putProperties:@{@"user": self.nameField.text, @"password": self.passwordField.text} error:nil];
                    [self.connection readWriteWithBlock:^(YapDatabaseReadWriteTransaction *transaction) {
                        ↓[transaction setObject:self.pinField.text forKey:@"pin" inCollection:@"auth"];
                    }];
                }
                """, path: "App/AccountStore.m"),
            // A phone number or e-mail address, known by its name only: low and low.
            RuleExample(
                """
                func remember(_ connection: Connection, contactID: Int, mobilePhoneNumber: String) throws {
                    try connection.run(↓"UPDATE contacts SET number = ? WHERE id = ?", mobilePhoneNumber, contactID)
                    let insert = "INSERT INTO invites (id, mail) VALUES (\\(contactID), '\\(inviteeEmail)')"
                    try connection.execute(↓insert)
                }
                """,
                findings: [
                    FindingSpec(severity: .low, confidence: .low, message: "'mobilePhoneNumber' (personal data)"),
                    FindingSpec(severity: .low, confidence: .low, message: "'inviteeEmail' (personal data)")
                ]),
            RuleExample(
                """
                - (void)rememberInvitee {
                    NSString *sql = [NSString stringWithFormat:@"INSERT INTO invites (id, mail) VALUES (%ld, '%@')", (long)self.inviteID, self.inviteeEmail];
                    sqlite3_exec(db, ↓[sql UTF8String], NULL, NULL, NULL);
                }
                """, path: "App/Invites.m",
                findings: [FindingSpec(severity: .low, confidence: .low, message: "'inviteeEmail' (personal data)")]),
            // An `@NSManaged` property is saved with its object, by whichever function saves the context.
            RuleExample(files: [
                (
                    "App/Model/Vault.swift",
                    """
                    import CoreData

                    final class VaultItem: NSManagedObject {
                        @NSManaged public var title: String?
                        @NSManaged public var payload: String?
                        public var unsavedNote: String?
                    }
                    """
                ),
                (
                    "App/Vault/VaultEditor.swift",
                    """
                    func apply(_ form: LoginForm, to item: VaultItem?) {
                        item?.title = form.site
                        ↓item?.payload = form.password
                        item?.unsavedNote = form.password
                        CoreDataStack.shared.saveContext()
                    }
                    """
                )
            ])
        ],
        nonTriggeringExamples: [
            // A project that opens its Realm with an encryption key; digests, flags and computed values elsewhere.
            RuleExample(
                """
                import RealmSwift

                final class Account: Object {
                    @Persisted var password: String
                }
                let realm = try Realm(configuration: Realm.Configuration(encryptionKey: vaultKey))
                """),
            RuleExample(
                """
                import RealmSwift

                final class Profile: Object {
                    @Persisted var displayName: String
                    @Persisted var passwordHash: String
                    @objc dynamic var hasPIN = false
                    var token: String { "" }
                }
                """),
            // The project opens its YapDatabase with SQLCipher, in Objective-C: what goes into it, from either
            // language, is ciphertext.
            RuleExample(files: [
                (
                    "App/Storage/DatabaseManager.m",
                    """
                    - (YapDatabaseOptions *)options {
                        YapDatabaseOptions *options = [[YapDatabaseOptions alloc] init];
                        options.cipherKeyBlock = ^NSData *{ return [self databasePassphrase]; };
                        return options;
                    }
                    - (void)rememberPin:(NSString *)pin {
                        [self.queue executeUpdate:@"UPDATE accounts SET pin = ? WHERE id = 1", pin];
                    }
                    """
                ),
                (
                    "App/Push/PushStorage.swift",
                    """
                    func save(token: String) {
                        connection.readWrite { transaction in
                            transaction.setObject(token, forKey: "pushToken", inCollection: "push")
                        }
                    }
                    """
                )
            ]),
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
            // Bound values of SQL that reads or deletes store nothing; ObjectMapper's `<-` maps JSON; a database the
            // project keys with SQLCipher (`usePassphrase`) is ciphertext, and so is a Realm when some file sets its
            // `encryptionKey`.
            RuleExample(
                """
                func load(_ db: Database, refreshToken: String) throws -> Row? {
                    try Row.fetchOne(db, sql: "SELECT * FROM session WHERE refresh = ?", arguments: [refreshToken])
                }
                func forget(_ connection: Connection, token: String) throws {
                    try connection.run("DELETE FROM sessions WHERE token = ?", token)
                }
                struct Login: Mappable {
                    var token = ""
                    mutating func mapping(map: Map) { token <- map["token"] }
                }
                """),
            RuleExample(files: [
                (
                    "App/Storage/Database.swift",
                    """
                    var configuration = Configuration()
                    configuration.prepareDatabase { db in try db.usePassphrase(try keychainPassphrase()) }
                    """
                ),
                (
                    "App/Storage/AccountStore.swift",
                    """
                    func remember(_ db: Database, refreshToken: String) throws {
                        try db.execute(sql: "INSERT INTO account (refresh) VALUES (?)", arguments: [refreshToken])
                    }
                    """
                )
            ]),
            RuleExample(files: [
                (
                    "App/Storage/RealmSetup.swift",
                    """
                    func configure(key: Data) {
                        Realm.Configuration.defaultConfiguration = Realm.Configuration(encryptionKey: key)
                    }
                    """
                ),
                (
                    "App/Storage/CredentialStore.swift",
                    """
                    func store(_ credentials: Credentials, in realm: Realm) throws {
                        try realm.write { realm.add(credentials) }
                    }
                    """
                )
            ]),
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
            // A local named after the property it shadows (`let item = item!`) is no type the code states.
            RuleExample(
                """
                import CoreData
                final class VaultItem: NSManagedObject { @NSManaged var payload: String? }
                func fill(note: String, password: String) {
                    let item = item!
                    item.payload = password
                }
                """),
            // Objective-C: a Realm the project keys, and a document whose values are not secrets (a type named
            // "password" is a kind, not one).
            RuleExample(files: [
                (
                    "App/RealmSetup.m",
                    """
                    - (void)configure:(NSData *)key {
                        RLMRealmConfiguration *config = [RLMRealmConfiguration defaultConfiguration];
                        config.encryptionKey = key;
                    }
                    """
                ),
                (
                    "App/AccountStore.m",
                    """
                    - (void)remember {
                        User *user = [[User alloc] init];
                        user.password = self.passwordField.text;
                        [realm addObject:user];
                        [self.document putProperties:@{@"title": self.titleField.text, @"type": @"password"} error:nil];
                    }
                    """
                )
            ]),
            // About an e-mail address, not one; an address only read back.
            RuleExample(
                """
                func mark(_ connection: Connection, id: Int, isEmailVerified: Bool, email: String) throws {
                    try connection.run("UPDATE users SET verified = ? WHERE id = ?", isEmailVerified, id)
                    _ = try connection.prepare("SELECT * FROM users WHERE email = ?", email)
                }
                """),
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

    static let subscription = Subscription(
        // GRDB's bound values: `execute(sql:arguments:)`, `SQLRequest(sql:arguments:)`, `Row.fetchAll(_:sql:arguments:)`.
        calls: .named(
            Set<String>([
                "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3", "executeUpdate",
                "executeQuery",
                "execute",
                "setValue", "setPrimitiveValue", "add", "create", "setObject", "setString", "save", "putProperties"
            ]).union(bindCalls).union(sqliteSwiftCalls).union(["setArguments"]), orLabelled: ["arguments"],
            where: wantsCall),
        // SQLite.swift's setter, `column <- value`, in `table.insert(…)` / `update(…)` / `upsert(…)`.
        operators: .named(["<-"]), finishesWithoutVisits: true)

    /// SQLite's C API: the value bound to a statement's parameter is the third argument.
    private static let bindCalls: Set<String> = [
        "sqlite3_bind_text", "sqlite3_bind_text16", "sqlite3_bind_text64", "sqlite3_bind_blob", "sqlite3_bind_blob64"
    ]
    /// SQLite.swift's `Connection` and `Statement`: SQL text first, then the values bound to it
    /// (`db.run("UPDATE … SET number = ?", number)`), or the values alone on a prepared statement.
    private static let sqliteSwiftCalls: Set<String> = ["run", "prepare", "scalar", "bind"]

    /// `run()`, `prepare()` and `bind()` without arguments are most calls of these names: not made for this rule.
    static func wantsCall(_ call: CallCandidate) -> Bool {
        guard let name = call.calledName, sqliteSwiftCalls.contains(name) else { return true }
        return call.hasArgument(labelledWithAnyOf: [nil])
    }

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
        let encryptsSQLite = file.constants.databaseEncryption.contains(.sqlite)
        if !encryptsSQLite, reportBoundValues(of: call, named: name, in: file) { return }
        let sqliteSwiftText =
            Self.sqliteSwiftCalls.contains(name) && name != "bind"
            ? call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil } : nil
        if Self.sqlCalls.contains(name) || ["executeUpdate", "executeQuery"].contains(name)
            || (name == "execute" && (call.argument("sql") != nil || call.arguments.count == 1))
            || sqliteSwiftText.flatMap({ Self.sqlText($0, in: file) }).map(Self.isWrite) == true
        {
            guard !encryptsSQLite else { return }
            let sql =
                Self.sqlCalls.contains(name)
                ? call.arguments.dropFirst().first?.expression
                : (call.argument("sql") ?? call.arguments.first { $0.label == nil }?.expression)
            guard let sql else { return }
            // `"INSERT INTO users VALUES ('\(name)', '\(password)')"`, written there or in a local: the values
            // say what is stored.
            if let literal = Self.sqlLiteral(sql), let text = Self.sqlText(sql, in: file), Self.isWrite(text),
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
            guard let text = Self.sqlText(sql, in: file), let column = Self.sensitiveWrittenColumn(text) else {
                if let literal = Self.sqlLiteral(sql), let text = Self.sqlText(sql, in: file), Self.isWrite(text) {
                    let personal = literal.segments.lazy.compactMap {
                        $0.as(ExpressionSegmentSyntax.self)?.expressions.first.flatMap {
                            PersonalData.name(in: $0.expression)
                        }
                    }.first
                    _ = reportPersonal(personal, writtenTo: "an SQLite database", at: sql, in: file)
                }
                return
            }
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
            // Core Data (`NSManagedObject.setValue(_:forKey:)`), Couchbase Lite documents, YapDatabase transactions
            // (SQLite underneath: ciphertext when the project keys it).
            guard let value = call.arguments.first?.expression, !value.unwrapped.is(NilLiteralExprSyntax.self),
                let store = Self.storeKind(of: call, in: file), store != "YapDatabase" || !encryptsSQLite
            else { return }
            if let key = call.argument("forKey").flatMap(file.stringValue(of:)), Self.isSensitiveColumn(key) {
                report(
                    file, at: call, "'\(key)' is written to \(store), which is not encrypted; keep it in the Keychain")
            } else {
                reportSensitive(value, writtenTo: store, at: call, in: file)
            }
        case "add", "create":
            // Realm: `realm.add(credentials)` with the default, unencrypted configuration.
            guard let base = call.calledBase,
                let object = name == "create"
                    ? call.argument("value") ?? call.arguments.first?.expression : call.arguments.first?.expression,
                Self.isUnencryptedRealm(base, keyedInProject: file.constants.databaseEncryption.contains(.realm))
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

    /// `account.blob = password` where `blob` is an `@NSManaged` property of the project's Core Data class the object
    /// was declared or made as: the context saves it with the object, wherever the save is.
    /// Found from the bytes here: the names are the project's, so no subscription can route them. Only names the
    /// file assigns to as members (`SourceNames.assignedMembers`) are looked for, each `.name =` is found by its
    /// offset, and only its assignment is read from the tree.
    mutating func finish(in file: SwiftFile) {
        let managed = file.constants.managedPropertyNames
        guard !managed.isEmpty else { return }
        let names = AnalysisMemo.current?.names ?? SourceNames(file.bytes)
        for name in managed where names.assignedMembers.contains(name) {
            for offset in ByteSearch(name).wordOffsets(in: file.bytes, limit: 64)
            where Self.isMemberAssignment(at: offset, length: name.utf8.count, in: file.bytes) {
                guard let token = file.tree.token(at: AbsolutePosition(utf8Offset: offset)),
                    let node = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.parent?.parent?.as(
                        SequenceExprSyntax.self),
                    !reported.contains(node.id), let assignment = node.simpleAssignment,
                    let member = assignment.target.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base,
                    let type = Sensitivity.declaredType(of: Self.unwrappingOptionalChain(base)),
                    file.constants.isManaged(name, ofType: type),
                    reportSensitive(assignment.value, writtenTo: PersistentStore.coreData.rawValue, at: node, in: file)
                else { continue }
                reported.insert(node.id)
            }
        }
    }

    /// `.name =` (not `==`) around the name at `offset`.
    private static func isMemberAssignment(at offset: Int, length: Int, in bytes: [UInt8]) -> Bool {
        guard offset > 0, bytes[offset - 1] == UInt8(ascii: ".") else { return false }
        var i = offset + length
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return i + 1 < bytes.count && bytes[i] == UInt8(ascii: "=") && bytes[i + 1] != UInt8(ascii: "=")
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
        guard !AppMadeValue.isAppMade(value, in: file) else { return false }
        guard let name = Sensitivity.sensitiveName(in: value), Self.isSensitiveColumn(name) else {
            return reportPersonal(PersonalData.name(in: value), writtenTo: store, at: node, in: file)
        }
        report(
            file, at: node, "'\(name)' is written to \(store), which is not encrypted; keep it in the Keychain",
            evidence: .name)
        return true
    }

    /// A phone number, e-mail address or birth date, by its name, stored in the clear: low severity and confidence,
    /// since a contact list or profile cache is often the app's job, and the name is all that is known.
    private func reportPersonal(
        _ name: String?, writtenTo store: String, at node: some SyntaxProtocol, in file: SwiftFile
    ) -> Bool {
        guard let name else { return false }
        report(
            file, at: node,
            "'\(name)' (personal data) is written to \(store), which is not encrypted; store only what the app needs, or encrypt the database",
            severity: .low, confidence: .low, evidence: .name)
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

    /// `table.insert(number <- phoneNumber)`: SQLite.swift writes the value into the column. Other libraries'
    /// `<-` (ObjectMapper's `token <- map["token"]`) sit in no insert or update.
    mutating func visit(_ op: BinaryOperatorExprSyntax, in file: SwiftFile) {
        guard op.operator.text == "<-", !file.constants.databaseEncryption.contains(.sqlite),
            let list = op.parent?.as(ExprListSyntax.self),
            let index = list.firstIndex(where: { $0.id == op.id }),
            let value = list[list.index(after: index)...].first,
            let write = sequence(first: Syntax(op), next: \.parent).prefix(7).lazy
                .compactMap({ $0.as(FunctionCallExprSyntax.self) }).first,
            ["insert", "update", "upsert", "insertMany"].contains(write.calledName ?? "")
        else { return }
        reportSensitive(value, writtenTo: "an SQLite database", at: op.parent ?? Syntax(op), in: file)
    }

    /// Reports a secret among the values a call binds to SQL, whatever the SQL says about its columns: GRDB's
    /// `arguments:`, SQLite.swift's values after the SQL text or on a prepared statement, FMDB's
    /// `withArgumentsIn:` / `values:`, `sqlite3_bind_text`. SQL that only reads or deletes (its text known and
    /// without INSERT, UPDATE or REPLACE) stores nothing. Whether it reported.
    private mutating func reportBoundValues(of call: FunctionCallExprSyntax, named name: String, in file: SwiftFile)
        -> Bool
    {
        var values: [ExprSyntax] = []
        var sql: ExprSyntax?
        if Self.bindCalls.contains(name) {
            guard let value = call.arguments.dropFirst(2).first?.expression else { return false }
            values = [value]
        } else if let arguments = call.argument("arguments") ?? call.argument("withArgumentsIn")
            ?? call.argument("withArgumentsInArray") ?? call.argument("values")
        {
            // GRDB (`sql:` or a statement's `execute(arguments:)`, `fetchAll(statement, arguments:)`) and FMDB.
            guard
                call.argument("sql") != nil || name.hasPrefix("fetch") || name.hasPrefix("execute")
                    || name == "select" || name == "filter" || name == "order" || name.hasSuffix("Request")
                    || name == "SQL" || name.hasSuffix("Cursor") || name == "CommonTableExpression"
            else { return false }
            sql = call.argument("sql") ?? call.arguments.first { $0.label == nil }?.expression
            values = Self.boundValues(arguments)
        } else if name == "setArguments", let arguments = call.arguments.first?.expression {
            values = Self.boundValues(arguments)
        } else if Self.sqliteSwiftCalls.contains(name), let base = call.calledBase {
            let unlabelled = call.arguments.filter { $0.label == nil }.map(\.expression)
            if let first = unlabelled.first, let text = Self.sqlText(first, in: file), Self.isSQL(text) {
                // `db.run(sql, value…)`: the SQL first, the values after it.
                sql = first
                values = unlabelled.dropFirst().flatMap(Self.boundValues)
            } else if let origin = LocalValue.origin(of: base)?.unwrapped.as(FunctionCallExprSyntax.self),
                origin.calledName == "prepare"
            {
                // `let statement = try db.prepare(sql)` … `statement.run(value)`.
                sql = origin.arguments.first?.expression
                values = unlabelled.flatMap(Self.boundValues)
            } else {
                return false
            }
        } else {
            return false
        }
        if let sql, let text = Self.sqlText(sql, in: file), !text.trimmingCharacters(in: .whitespaces).isEmpty,
            !Self.isWrite(text)
        {
            return false
        }
        // At the SQL when it is written there (`executeUpdate("INSERT …", values: […])`), else at the call.
        let at = sql.flatMap { $0.unwrapped.is(StringLiteralExprSyntax.self) ? Syntax($0) : nil } ?? Syntax(call)
        for value in values.prefix(32) where reportSensitive(value, writtenTo: "an SQLite database", at: at, in: file) {
            return true
        }
        return false
    }

    /// The values an argument list binds: each element of `[a, b]`, each value of `["id": a]`, the arguments of
    /// `StatementArguments(…)`, or the expression itself.
    private static func boundValues(_ expr: ExprSyntax) -> [ExprSyntax] {
        let e = expr.unwrapped
        if let array = e.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        if let dictionary = e.as(DictionaryExprSyntax.self),
            let pairs = dictionary.content.as(DictionaryElementListSyntax.self)
        {
            return pairs.map(\.value)
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledName == "StatementArguments" {
            return call.arguments.flatMap { boundValues($0.expression) }
        }
        return [e]
    }

    /// Text that starts as an SQL statement does.
    private static func isSQL(_ text: String) -> Bool {
        let head = text.drop(while: { $0.isWhitespace }).prefix(8).uppercased()
        return ["INSERT", "UPDATE", "REPLACE", "SELECT", "DELETE", "CREATE", "WITH", "PRAGMA", "DROP", "ALTER"]
            .contains(where: head.hasPrefix)
    }

    /// SQL that stores rows.
    private static func isWrite(_ text: String) -> Bool {
        let upper = text.uppercased()
        return writeVerbs.contains(where: upper.contains)
    }

    /// The literal SQL is written as: there, or in the local it was put in.
    private static func sqlLiteral(_ expr: ExprSyntax) -> StringLiteralExprSyntax? {
        let e = expr.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) { return literal }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            return LocalValue.initializer(of: ref.baseName.text, before: ref)?.unwrapped.as(
                StringLiteralExprSyntax.self)
        }
        return nil
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

    /// `realm` from `try Realm()` / `Realm(configuration:)` without `encryptionKey` in the same function, or any
    /// Realm when no Swift file of the project names an `encryptionKey` (`keyedInProject`).
    private static func isUnencryptedRealm(_ base: ExprSyntax, keyedInProject: Bool) -> Bool {
        guard keyedInProject else {
            return base.lastName.map { $0.lowercased().contains("realm") } ?? false
        }
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
