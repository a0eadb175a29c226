import Foundation
import Testing

@testable import IOSecAudit

/// SQL built from a parameter of the app's own function is decided by what the function's callers pass, in any
/// file: input from outside makes a flow across files, the app's own text in every call makes the finding low
/// confidence, and anything the pass cannot vouch for leaves the finding as it was.
struct CallerArgumentsTests {
    static let store = """
        import SQLite3

        final class NotesStore {
            var db: OpaquePointer?

            func countNotes(matching whereClause: String) -> Int {
                let sql = "SELECT count(*) FROM notes WHERE \\(whereClause)"
                sqlite3_exec(db, sql, nil, nil, nil)
                return 0
            }
        }
        """

    /// Every finding of a scan of `files` (with an app's Info.plist when `app`), low confidence included.
    static func scan(_ files: [String: String], app: Bool = true, jobs: Int = 1) throws -> ScanResult {
        let tree = TemporaryTree()
        for (path, text) in files { tree.write(path, text) }
        if app { tree.write("App/Info.plist", UnreferencedDeclarationsTests.plist) }
        var options = ScanOptions(jobs: jobs)
        options.minimumConfidence = .low
        return try Scanner(options: options).scan(tree.root)
    }

    /// The SQL finding in `NotesStore` when `files` call it.
    func finding(_ files: [String: String], app: Bool = true) throws -> Finding {
        let findings = try Self.scan(
            files.merging(["App/NotesStore.swift": Self.store]) { a, _ in a }, app: app, jobs: 2
        )
        .findings
        return try #require(findings.first { $0.ruleId == "code.sql-injection" && $0.file == "App/NotesStore.swift" })
    }

    @Test func callersThatAllPassTheAppsOwnSQLMakeItLowConfidence() throws {
        let found = try finding([
            "App/Counts.swift": """
            final class Counts {
                let store = NotesStore()
                func starred(ids: [String], limit: Int?) -> Int {
                    let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ",")
                    var clause = "id in (\\(placeholders)) and starred = 1"
                    if let limit { clause.append(" limit \\(limit)") }
                    return store.countNotes(matching: clause)
                }
                func unread() -> Int { store.countNotes(matching: "read = 0" + " and deleted = 0") }
                var total: Int { ids.count }
            }
            """
        ])
        #expect(found.confidence == .low)
        #expect(found.message.contains("all 2 calls of `countNotes` pass text the app wrote for `whereClause`"))
        #expect(found.evidence != .flow)
    }

    @Test func aCallerInAnotherFileThatPassesInputMakesAFlow() throws {
        let found = try finding([
            "App/Links.swift": """
            import Foundation
            final class LinkHandler {
                let store = NotesStore()
                func unread() -> Int { store.countNotes(matching: "read = 0") }
                func open(_ url: URL) -> Int {
                    let filter = url.query ?? "1 = 1"
                    return store.countNotes(matching: filter)
                }
            }
            """
        ])
        #expect(found.evidence == .flow)
        #expect(found.confidence == .high)
        #expect(found.message.contains("`countNotes` is called with a URL's query (App/Links.swift:7)"))
        #expect(found.flow.first?.file == "App/Links.swift")
        #expect(found.flow.first?.note == "a URL's query")
        #expect(found.flow.contains { $0.note == "passed to `countNotes`" && $0.line == 7 })
        #expect(found.flow.last?.file == "App/NotesStore.swift")
    }

    @Test func inputAddedToALocalVarIsFollowed() throws {
        let found = try finding([
            "App/Search.swift": """
            import UIKit
            final class SearchScreen {
                let store = NotesStore()
                let titleField = UITextField()
                func run() -> Int {
                    var clause = "read = 0"
                    clause += " and title like '%" + (titleField.text ?? "") + "%'"
                    return store.countNotes(matching: clause)
                }
            }
            """
        ])
        #expect(found.evidence == .flow)
        #expect(found.flow.contains { $0.note == "added to `clause`" })
    }

    @Test func whatThePassCannotVouchForIsLeftAsItWas() throws {
        // A caller's own parameter, the function handed on as a value, and a library whose clients are not scanned.
        let relayed = try finding([
            "App/Relay.swift": """
            final class Relay {
                func count(_ store: NotesStore, filter: String) -> Int { store.countNotes(matching: filter) }
            }
            """
        ])
        #expect(relayed.confidence > .low)
        #expect(relayed.evidence != .flow)
        let handedOn = try finding([
            "App/Batch.swift": """
            final class Batch {
                func counts(_ store: NotesStore) -> [Int] {
                    _ = store.countNotes(matching: "read = 0")
                    let count = store.countNotes
                    return ["a = 1", "b = 2"].map(count)
                }
            }
            """
        ])
        #expect(handedOn.confidence > .low)
        let library = try finding(
            ["App/Counts.swift": "func unread(_ s: NotesStore) -> Int { s.countNotes(matching: \"read = 0\") }"],
            app: false)
        #expect(library.confidence == .low)  // internal: only its own module calls it
        let publicStore = Self.store.replacingOccurrences(of: "    func countNotes", with: "    public func countNotes")
        let library2 = try Self.scan(
            [
                "Sources/NotesStore.swift": publicStore,
                "Sources/Counts.swift": "func unread(_ s: NotesStore) -> Int { s.countNotes(matching: \"read = 0\") }"
            ], app: false)
        let published = try #require(library2.findings.first { $0.ruleId == "code.sql-injection" })
        #expect(published.confidence > .low)
    }

    @Test func aCallOfAnotherFunctionOfTheSameNameIsNotItsCaller() throws {
        // `insert(_:at:)` on an array has no `values:` argument; the helper's one caller passes placeholders.
        let helper = """
            import SQLite3
            final class Writer {
                var db: OpaquePointer?
                func insert(into table: String, values: String) {
                    sqlite3_exec(db, "INSERT INTO notes VALUES (\\(values))", nil, nil, nil)
                }
                func save(title: String) {
                    var names = ["title"]
                    names.insert(title, at: 0)
                    insert(into: "notes", values: "?, ?")
                }
            }
            """
        let found = try #require(
            try Self.scan(["App/Writer.swift": helper]).findings.first { $0.ruleId == "code.sql-injection" })
        #expect(found.confidence == .low)
        #expect(found.message.contains("its one call of `insert` passes text the app wrote for `values`"))
    }

    @Test func aLoggerWrapperIsJudgedByWhatItIsCalledWith() throws {
        let wrapper = "import Foundation\nenum Log { static func info(_ message: String) { NSLog(message) } }\n"
        func formatFinding(_ caller: String) throws -> Finding {
            try #require(
                try Self.scan(["App/Log.swift": wrapper, "App/Sync.swift": caller]).findings.first {
                    $0.ruleId == "code.format-string"
                })
        }
        let constant = try formatFinding(
            """
            func sync() {
                Log.info("sync started")
                Log.info(NSLocalizedString("sync.done", comment: ""))
            }
            """)
        #expect(constant.confidence == .low)
        #expect(constant.message.contains("all 2 calls of `info` pass text the app wrote for `message`"))
        let input = try formatFinding(
            """
            import Foundation
            func open(_ url: URL) {
                Log.info("opened")
                Log.info(url.query ?? "")
            }
            """)
        #expect(input.evidence == .flow)
        #expect(input.flow.first?.file == "App/Sync.swift")
        #expect(input.message.contains("`info` is called with a URL's query (App/Sync.swift:4)"))
    }

    @Test func callersOfCallersAreFollowedAndCyclesEnd() throws {
        let relay = """
            final class Relay {
                let store = NotesStore()
                func count(filter: String) -> Int { store.countNotes(matching: filter) }
            }
            """
        let fromLink = try finding([
            "App/Relay.swift": relay,
            "App/Links.swift": """
            import Foundation
            func open(_ url: URL) -> Int { Relay().count(filter: url.fragment ?? "") }
            """
        ])
        #expect(fromLink.evidence == .flow)
        #expect(
            fromLink.flow.map(\.note).starts(with: ["a URL's fragment", "passed to `count`", "passed to `countNotes`"]))
        let fromApp = try finding([
            "App/Relay.swift": relay,
            "App/Counts.swift": "func unread() -> Int { Relay().count(filter: \"read = 0\") }"
        ])
        #expect(fromApp.confidence == .low)
        // `ping` and `pong` pass the clause to each other: the pass ends, and knows nothing.
        let cycle = try finding([
            "App/Cycle.swift": """
            final class Cycle {
                let store = NotesStore()
                func ping(clause: String, n: Int) -> Int { n > 0 ? pong(clause: clause, n: n - 1) : store.countNotes(matching: clause) }
                func pong(clause: String, n: Int) -> Int { ping(clause: clause, n: n) }
            }
            """
        ])
        #expect(cycle.confidence > .low)
        #expect(cycle.evidence != .flow)
    }

    /// The app's own logging function: a call that hands it a secret is a finding at the call, with the step where
    /// it is logged; logging functions that hand the message to each other in a cycle, over types that alias each
    /// other in a cycle, end, and are found where the secret goes in.
    @Test func aSecretPassedToTheAppsLoggingFunctionIsFoundAtTheCall() throws {
        let findings = try Self.scan([
            "App/Trace.swift": """
            typealias Line = Text
            typealias Text = Line
            func trace(_ message: String) { print("[acme] \\(message)"); echo(message) }
            func echo(_ message: String) { trace(message) }
            func note(_ line: Line) { print(line) }
            func joined(roomId: String) { print("joined \\(roomId)") }
            """,
            "App/SignIn.swift": """
            final class SignIn {
                func submit(password: String, token: String) {
                    trace("signing in with \\(password)")
                    note(password)
                    joined(roomId: token)
                    trace("signing in")
                }
            }
            """
        ]).findings.filter { $0.ruleId == "storage.log-sensitive" }
        let found = try #require(findings.first { $0.file == "App/SignIn.swift" && $0.line == 3 })
        #expect(found.message.contains("passed to `trace`, which logs it (App/Trace.swift:3)"))
        #expect(found.flow.map(\.note) == ["passed to `trace`", "logged by `print`"])
        #expect(found.evidence == .name)
        // A parameter of an aliased type is followed no further than its alias; an identifier and plain text are not.
        #expect(findings.map { "\($0.file):\($0.line)" } == ["App/SignIn.swift:3"])
    }

    /// The app's own UserDefaults wrapper: each call that passes a secret is a finding at the call.
    @Test func aSecretPassedToTheAppsUserDefaultsWrapperIsFoundAtTheCall() throws {
        let prefs = """
            import Foundation
            enum Prefs {
                static func save(_ value: String?, forKey key: String) {
                    UserDefaults.standard.set(value, forKey: key)
                }
                static func saveSealed(_ value: String, forKey key: String) {
                    UserDefaults.standard.set(seal(value), forKey: key)
                }
                // A wrapper with its own key is judged where it writes, by the names of its key and parameter.
                static func setPushToken(token: String) {
                    UserDefaults.standard.set(token, forKey: "pushToken")
                }
                static func saveData(_ value: Data?, for key: String) {
                    UserDefaults.standard.set(value, forKey: key)
                }
            }
            """
        let session = """
            import Foundation
            import KeychainAccess
            final class Session {
                let keychain = Keychain(service: "com.example.app")
                func signedIn(accessToken: String, theme: String, token: String) {
                    Prefs.save(accessToken, forKey: "session")
                    Prefs.save(theme, forKey: "theme")
                    Prefs.save("dark", forKey: "authMode")
                    Prefs.saveSealed(accessToken, forKey: "session")
                    Prefs.save(keychain.get("pin"), forKey: "cached")
                    Prefs.setPushToken(token: token)
                    Prefs.saveData(keychain.getData("validTill"), for: "tokenValidationDate")
                }
                func remember(_ value: String) {
                    Prefs.save(value, forKey: "refresh_token")
                    Prefs.save(value, forKey: "refresh_token")  // iosec:ignore storage.userdefaults-secret -- test
                }
            }
            """
        let found = try Self.scan(["App/Prefs.swift": prefs, "App/Session.swift": session], jobs: 2).findings.filter {
            $0.ruleId == "storage.userdefaults-secret"
        }
        #expect(found.filter { !$0.suppressed }.map(\.line).sorted() == [6, 10, 15])
        let token = try #require(found.first { $0.line == 6 })
        #expect(token.file == "App/Session.swift")
        #expect(
            token.message
                == "'accessToken' is passed to `save`, which writes it to UserDefaults (App/Prefs.swift:4); store it in the Keychain"
        )
        #expect(token.flow.map(\.note) == ["passed to `save`", "written to UserDefaults"])
        #expect(token.flow.last?.file == "App/Prefs.swift")
        let keychain = try #require(found.first { $0.line == 10 })
        #expect(keychain.evidence == .flow)
        #expect(keychain.flow.first?.note == "read from the Keychain")
        #expect(found.first { $0.line == 15 }?.message.hasPrefix("value for key 'refresh_token'") == true)
        // A suppression comment at the call covers the finding made there.
        #expect(found.first { $0.line == 16 }?.suppressed == true)
    }

    @Test func aPasswordPassedToTheAppsPasteboardWrapperIsFoundAtTheCall() throws {
        let clipboard =
            "import UIKit\nenum Clipboard {\n    static func copy(_ text: String) { UIPasteboard.general.string = text }\n}\n"
        let entry = """
            final class EntryViewModel {
                var password = ""
                var username = ""
                func copyPassword() { Clipboard.copy(password) }
                func copyUsername() { Clipboard.copy(username) }
            }
            final class ShareLinkViewController {
                var linkPassword = ""
                func copyLink() { Clipboard.copy(linkPassword) }
            }
            """
        let found = try Self.scan(["App/Clipboard.swift": clipboard, "App/Entry.swift": entry]).findings.filter {
            $0.ruleId == "storage.pasteboard"
        }
        #expect(found.map(\.line) == [4, 9])
        #expect(
            found.first?.message.hasPrefix(
                "'password' is passed to `copy`, which copies it to the general pasteboard (App/Clipboard.swift:3)")
                == true)
        #expect(found.first?.confidence == .high)
        // Copied where the app shares a link's password with others: a hint.
        #expect(found.last?.confidence == .low)
    }

    /// Thousands of calls of one helper end the pass, not the scan, and what was not judged lowers nothing.
    @Test func thousandsOfCallsEndThePassWithoutLoweringAnything() throws {
        let calls = String(repeating: "        _ = store.countNotes(matching: \"read = 0\")\n", count: 5_000)
        let found = try finding([
            "App/Many.swift": "final class Many {\n    let store = NotesStore()\n    func all() {\n\(calls)    }\n}\n"
        ])
        #expect(found.confidence > .low)
        #expect(found.evidence != .flow)
    }

    @Test func inputPassedToTheAppsHTMLHelperIsFoundAtTheCall() throws {
        let renderer = """
            import WebKit
            final class PageRenderer {
                let web = WKWebView()
                func show(body: String) {
                    let page = "<html><body>" + body + "</body></html>"
                    web.loadHTMLString(page, baseURL: nil)
                }
                func showHelp(_ text: String) {
                    web.loadHTMLString(text, baseURL: Bundle.main.bundleURL)
                }
            }
            """
        let router = """
            import Foundation
            final class Router {
                let renderer = PageRenderer()
                func open(_ link: URL) {
                    renderer.show(body: link.fragment ?? "")
                    renderer.show(body: "<p>Welcome</p>")
                    renderer.showHelp(link.query ?? "")
                }
            }
            """
        let found = try Self.scan(["App/PageRenderer.swift": renderer, "App/Router.swift": router], app: false).findings
            .filter {
                $0.ruleId == "platform.webview-html-injection"
            }
        // The helper that loads with the app's own base URL runs the page with that origin, not the app's files.
        #expect(found.map(\.line) == [5])
        #expect(found.first?.file == "App/Router.swift")
        #expect(found.first?.evidence == .flow)
        #expect(
            found.first?.message
                == "a URL's fragment is passed to `show`, which pastes it into HTML the web view renders (App/PageRenderer.swift:6); escape it or pass it as data"
        )
    }

    /// A property wrapper keyed by an enum of keys (`key.rawValue`), used in another file.
    @Test func aPropertyWrapperKeyedByAnEnumIsJudgedWhereItIsUsed() throws {
        let wrapper = """
            import Foundation
            @propertyWrapper
            struct Setting<T> {
                enum Key: String { case authToken = "auth.token", layout = "home.layout" }
                let key: Key
                let defaultValue: T
                var wrappedValue: T {
                    get { UserDefaults.standard.object(forKey: key.rawValue) as? T ?? defaultValue }
                    set { UserDefaults.standard.set(newValue, forKey: key.rawValue) }
                }
            }
            """
        let uses = """
            final class Session {
                @Setting(key: .authToken, defaultValue: nil) var authToken: String?
                @Setting(key: .layout, defaultValue: "grid") var layout: String
            }
            """
        let found = try Self.scan(["App/Setting.swift": wrapper, "App/Session.swift": uses]).findings.filter {
            $0.ruleId == "storage.userdefaults-secret"
        }
        #expect(found.map(\.line) == [2])
        #expect(found.first?.file == "App/Session.swift")
    }
}
