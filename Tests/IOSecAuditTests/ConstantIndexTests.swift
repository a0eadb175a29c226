@testable import IOSecAudit
import Testing

@Suite struct ConstantIndexTests {
    static func scan(_ code: String, file: String = "A.swift") -> [ConstantDeclaration] {
        ConstantScanner.scan(Array(code.utf8), file: file)
    }

    @Test func findsLiteralConstantsWithTheirTypes() {
        let found = Self.scan(
            #"""
            let apiBase = "https://api.acme.com"
            enum Keys {
                static let token = "auth_token"   // comment "not a literal"
                static let retries: Int = 3
                case loginToken = "org.matrix.login_token"
            }
            struct Crypto {
                let salt: [UInt8] = [0x01, 0x02, 0x03, 0x04]
                var computed: String { "x" }
                static func key() -> String {
                    return "k"
                }
                func name(for id: Int) -> String { "n" }
                func loaded() throws -> String { try load("x") }
                var derived: String { prefix + "y" }
                let joined = "a" + b
                let raw = #"C:\path"#
                let interpolated = "v\(x)"
            }
            /* let commented = "nope" */
            """#)
        let summary = found.map { "\($0.typeName ?? "-").\($0.name)=\($0.value)\($0.isEnumCase ? " case" : "")" }
        #expect(
            summary == [
                #"-.apiBase=string("https://api.acme.com")"#,
                #"Keys.token=string("auth_token")"#,
                "Keys.retries=integer(3)",
                #"Keys.loginToken=string("org.matrix.login_token") case"#,
                "Crypto.salt=bytes(count: 4)",
                #"Crypto.computed=string("x")"#,
                #"Crypto.key()=string("k")"#,
                #"Crypto.raw=string("C:\\path")"#
            ])
    }

    @Test func resolvesByQualifierTypeFileThenProject() {
        let index = ConstantIndex(
            declarations:
                Self.scan("enum Keys { static let token = \"auth_token\" }", file: "Keys.swift")
                + Self.scan("struct Other { static let token = \"other\" }\nlet unique = \"u\"", file: "Other.swift"))
        #expect(index.resolve("token", qualifier: "Keys") == .string("auth_token"))
        #expect(index.resolve("token", type: "Other", file: "Other.swift") == .string("other"))
        #expect(index.resolve("token") == nil)  // ambiguous across the project
        #expect(index.resolve("unique") == .string("u"))
        #expect(index.resolve("missing") == nil)
    }

    @Test func oddInputNeverTraps() {
        for code in [
            "let", "let x =", "let x = \"unterminated", "case", "enum {", "}}}}", "let x = [1, 2", "\"\"\"\nabc", "#if",
            "let `default` = \"d\"", "func", "func f(", "func f() {", "func f() -> String { return", "var x: String {",
            "var x: String { \"a\"", "func f() -> String { \"a\" \"b\" }"
        ] {
            _ = Self.scan(code)
        }
        #expect(Self.scan("let `default` = \"d\"").first?.name == "default")
    }

    @Test func recordsTheTypesThatHoldASecret() {
        let index = ConstantIndex(files: [
            (
                "Models.swift",
                Array(
                    """
                    struct User: Codable {
                        var email: String
                        private(set) var password: String
                        var sessionToken: String?
                    }
                    final class Settings: Codable {
                        static let tokenKey = "token"
                        public static var apiKey = ""
                        var passwordHint = ""
                        func reset() { let password = ""; _ = password }
                    }
                    enum Route { case password }
                    struct StoredUser: Encodable { let id: UUID; let passwordHash: String }
                    struct Download: Codable { let fileHash: String; let contentDigest: String }
                    final class LoginViewModel: ObservableObject { @Published var password = "" }
                    """.utf8)
            )
        ])
        // The first secret in name order, whatever the order of declarations.
        #expect(index.sensitiveMember(ofType: "User") == "password")
        // Statics, hints, locals of methods and enum cases are not what an instance holds.
        #expect(index.sensitiveMember(ofType: "Settings") == nil)
        #expect(index.sensitiveMember(ofType: "Route") == nil)
        #expect(index.sensitiveMember(ofType: "Unknown") == nil)
        // A password's hash can be guessed offline; other hashes are not secrets.
        #expect(index.sensitiveMember(ofType: "StoredUser") == "passwordHash")
        #expect(index.sensitiveMember(ofType: "Download") == nil)
        // Only what can be encoded or archived: a view model's password is not written out with it.
        #expect(index.sensitiveMember(ofType: "LoginViewModel") == nil)
        // Two targets each declaring a `User`: which one a use means is unknown.
        let twoTargets = ConstantIndex(files: [
            ("AppA/User.swift", Array("struct User: Codable { var password: String }".utf8)),
            ("AppB/User.swift", Array("struct User: Codable { var name: String }\nextension User { }".utf8))
        ])
        #expect(twoTargets.sensitiveMember(ofType: "User") == nil)
        let extended = ConstantIndex(files: [
            (
                "A/User.swift",
                Array("struct User: Codable { var password: String }\nextension User { var x: Int { 1 } }".utf8)
            )
        ])
        #expect(extended.sensitiveMember(ofType: "User") == "password")
    }

    @Test func aVariableSomeFileAssignsStandsForNoLiteral() {
        let index = ConstantIndex(files: [
            (
                "Session.swift",
                Array(
                    """
                    final class Session {
                        var accessToken = ""
                        var label: String = "Guest"
                        var retries = 0
                        let endpoint = "https://api.example.com"
                        static var region = "eu"
                    }
                    """.utf8)
            ),
            (
                "Login.swift",
                Array(
                    """
                    func signedIn(_ session: Session, token: String) {
                        session.accessToken = token
                        self.retries += 1
                        if session.label == "Guest" { let region = "us"; _ = region }
                    }
                    """.utf8)
            )
        ])
        // Filled by a login, counted up: their initial literals are not what they hold.
        #expect(index.resolve("accessToken", type: "Session") == nil)
        #expect(index.resolve("retries", type: "Session") == nil)
        // Compared, or a local declaring the same name elsewhere: still the literal.
        #expect(index.resolve("label", type: "Session") == .string("Guest"))
        #expect(index.resolve("region", qualifier: "Session") == .string("eu"))
        #expect(index.resolve("endpoint", type: "Session") == .string("https://api.example.com"))
    }

    @Test func knowsWhatCoreDataSavesOfAnInstance() {
        let index = ConstantIndex(files: [
            (
                "Model/Entry.swift",
                Array(
                    """
                    import CoreData
                    class SyncedEntity: NSManagedObject {
                        @NSManaged var remoteID: String?
                    }
                    final class Entry: SyncedEntity {
                        @NSManaged
                        public var body: String?
                        var draft = ""
                    }
                    """.utf8)
            ),
            (
                "Model/Entry+Extras.swift",
                Array("extension Entry { @NSManaged public private(set) var secret: Data? }".utf8)
            )
        ])
        #expect(index.isManaged("body", ofType: "Entry"))
        #expect(index.isManaged("secret", ofType: "Entry"))
        // Through the project's base class; a plain stored property lives in memory only.
        #expect(index.isManaged("remoteID", ofType: "Entry"))
        #expect(!index.isManaged("draft", ofType: "Entry"))
        #expect(!index.isManaged("body", ofType: "SyncedEntity"))
    }

    @Test func knowsTheProjectsModelClassesAcrossFiles() {
        let index = ConstantIndex(files: [
            (
                "Model/Base.swift",
                Array(
                    """
                    import CoreData
                    @objc(SyncedEntity) open class SyncedEntity: CoreData.NSManagedObject, Identifiable {}
                    final class Cache<Key: Hashable>: NSObject {}
                    """.utf8)
            ),
            (
                "Model/Account.swift",
                Array(
                    """
                    final class Account: SyncedEntity {
                        @NSManaged var email: String?
                    }
                    final class Guest: Account {}
                    """.utf8)
            ),
            (
                "Model/Draft.swift",
                Array("import RealmSwift\nclass Draft: Object, Codable { @Persisted var body = \"\" }\n".utf8)
            ),
            // `Object` without RealmSwift is the project's own.
            ("Model/Shape.swift", Array("class Object {}\nclass Circle: Object {}\n".utf8))
        ])
        #expect(index.persistentStore(ofType: "SyncedEntity") == .coreData)
        #expect(index.persistentStore(ofType: "Account") == .coreData)
        #expect(index.persistentStore(ofType: "Guest") == .coreData)
        #expect(index.persistentStore(ofType: "Draft") == .realm)
        #expect(index.persistentStore(ofType: "Circle") == nil)
        #expect(index.persistentStore(ofType: "Cache") == nil)
        #expect(index.hasPersistentModels)
        #expect(
            ConstantIndex(files: [("A.swift", Array("class A: B {}\nclass B: A {}\n".utf8))]).hasPersistentModels
                == false)
    }
}
