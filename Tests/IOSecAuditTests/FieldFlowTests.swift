import Foundation
import Testing

@testable import IOSecAudit

/// HTML pasted from a stored property of the app's own type is decided by what the project writes into it, in any
/// file: a write of input from outside (through a helper's parameter, or another property) is a flow finding at the
/// sink, with the write in its path; writes of the app's own text, or a type the project does not declare, are none.
struct FieldFlowTests {
    static let viewer = """
        import UIKit
        import WebKit

        struct Article {
            var title: String
            var body: String
        }

        final class ArticleViewController: UIViewController {
            private let article: Article
            private let webView = WKWebView()

            init(article: Article) {
                self.article = article
                super.init(nibName: nil, bundle: nil)
            }

            required init?(coder: NSCoder) { nil }

            override func viewDidLoad() {
                super.viewDidLoad()
                webView.loadHTMLString("<h1>\\(article.title)</h1>" + article.body, baseURL: nil)
            }
        }
        """

    /// A library of articles whose `add` stores `html` in `Article.body`, with `members` after it.
    static func library(_ members: String) -> String {
        """
        import Foundation
        final class Library {
            var articles: [Article] = []
            func add(title: String, html: String) {
                articles.append(Article(title: title, body: html))
            }
        \(members)
        }
        """
    }

    static func htmlFindings(_ files: [String: String], jobs: Int = 1) throws -> [Finding] {
        try CallerArgumentsTests.scan(files, jobs: jobs).findings.filter {
            $0.ruleId == WebViewHTMLInjectionRule.description.id
        }
    }

    @Test func inputStoredThroughAHelperInAnotherFileIsAFlowAtTheSink() throws {
        let files = [
            "App/ArticleViewController.swift": Self.viewer,
            "App/Library.swift": Self.library(
                """
                func importPage(from fileURL: URL) {
                    guard let page = try? String(contentsOf: fileURL) else { return }
                    add(title: fileURL.lastPathComponent, html: page)
                }
                func welcome() { add(title: "Welcome", html: "<p>Hello</p>") }
                """)
        ]
        let found = try #require(Self.htmlFindings(files).first)
        #expect(found.file == "App/ArticleViewController.swift")
        #expect(found.line == 22)
        #expect(found.evidence == .flow)
        #expect(
            found.message.contains("text read from a URL or file is stored in `Article.body` (App/Library.swift:5)"))
        #expect(
            found.flow.map { "\($0.file):\($0.line) \($0.note)" } == [
                "App/Library.swift:8 text read from a URL or file",
                "App/Library.swift:8 assigned to `page`",
                "App/Library.swift:9 passed to `add`",
                "App/Library.swift:4 parameter `html` of `add`",
                "App/Library.swift:5 stored in `Article.body`",
                "App/ArticleViewController.swift:22 read from `Article.body`",
                "App/ArticleViewController.swift:22 pasted into HTML the web view renders"
            ])
        #expect(try Self.htmlFindings(files, jobs: 2) == Self.htmlFindings(files))
    }

    @Test func aPropertyTheTypesOwnMethodFillsFromATextFieldIsFollowed() throws {
        let found = try #require(
            Self.htmlFindings([
                "App/Preview.swift": """
                import UIKit
                import WebKit
                final class PreviewController: UIViewController {
                    @IBOutlet var signatureField: UITextField!
                    private var signature = ""
                    private let webView = WKWebView()
                    @IBAction func changed(_ sender: Any) {
                        self.signature = signatureField.text ?? ""
                        render()
                    }
                    func render() {
                        webView.loadHTMLString("<footer>" + signature + "</footer>", baseURL: nil)
                    }
                }
                """
            ]).first)
        #expect(found.line == 12)
        #expect(found.message.contains("stored in `PreviewController.signature`"))
    }

    @Test func writesOfTheAppsOwnTextOrAnSDKTypeAreNoFinding() throws {
        let findings = try Self.htmlFindings([
            "App/ArticleViewController.swift": Self.viewer,
            "App/Library.swift": Self.library(
                """
                func loadBundled() {
                    add(title: "About", html: NSLocalizedString("about.html", comment: ""))
                    articles.append(Article(title: "Help", body: "<p>Help</p>"))
                }
                func importPage(from fileURL: URL) {
                    // Escaped before it is stored: no markup survives.
                    guard let page = try? String(contentsOf: fileURL) else { return }
                    add(title: "Imported", html: page.htmlEscaped)
                }
                """),
            // `URLRequest` is not the project's: what its `url` holds is not followed.
            "App/Frame.swift": """
            import Foundation
            import WebKit
            final class Frame {
                let webView = WKWebView()
                func show(_ link: URL) {
                    let request = URLRequest(url: URL(string: link.query ?? "")!)
                    webView.loadHTMLString(request.description, baseURL: nil)
                }
            }
            """
        ])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aPageShownWithTheDocumentsFolderAsItsBaseReadsTheUsersFiles() throws {
        let findings = try Self.htmlFindings([
            "App/Reader.swift": """
            import Foundation
            import WebKit
            final class Reader {
                let webView = WKWebView()
                func open(_ fileURL: URL) {
                    guard let page = try? String(contentsOf: fileURL) else { return }
                    let base = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
                    webView.loadHTMLString(page, baseURL: base)
                }
                func openFromSite(_ fileURL: URL) {
                    guard let page = try? String(contentsOf: fileURL) else { return }
                    webView.loadHTMLString(page, baseURL: URL(string: "about:blank"))
                }
            }
            """
        ])
        #expect(findings.map(\.line) == [8])
    }

    static let search = """
        import SQLite3
        import UIKit

        final class SearchStore {
            var db: OpaquePointer?
            var term = ""
            var order: String
            init(order: String) { self.order = order }
            func run() {
                sqlite3_exec(db, "SELECT * FROM notes WHERE title = '\\(term)'", nil, nil, nil)
                sqlite3_exec(db, "SELECT * FROM notes ORDER BY title \\(order)", nil, nil, nil)
            }
        }
        """

    /// The findings of `rule` in a scan of `files`.
    static func findings(of rule: RuleDescription, in files: [String: String]) throws -> [Finding] {
        try CallerArgumentsTests.scan(files).findings.filter { $0.ruleId == rule.id }
    }

    @Test func sqlFromAPropertyATextFieldFillsIsAFlow() throws {
        let findings = try Self.findings(
            of: SQLInjectionRule.description,
            in: [
                "App/SearchStore.swift": Self.search,
                "App/SearchController.swift": """
                import UIKit
                final class SearchController: UIViewController {
                    @IBOutlet var searchField: UITextField!
                    let store = SearchStore(order: "ASC")
                    @IBAction func go(_ sender: Any) {
                        store.term = searchField.text ?? ""
                        store.order = searchField.text ?? "ASC"
                        store.run()
                    }
                }
                """
            ])
        // The literal start value made `term` look constant: the write makes it a finding at the SQL.
        let term = try #require(findings.first { $0.line == 10 })
        #expect(term.evidence == .flow)
        #expect(term.message.contains("stored in `SearchStore.term` (App/SearchController.swift:6)"))
        // `order` was reported already; the write makes it a flow that starts at the text field.
        let order = try #require(findings.first { $0.line == 11 })
        #expect(order.evidence == .flow && order.confidence == .high)
        #expect(order.flow.first?.file == "App/SearchController.swift")
        #expect(
            order.message.contains("it holds what the user typed into `searchField`, stored in `SearchStore.order`"))
    }

    @Test func sqlFromAPropertyTheAppFillsWithItsOwnTextIsNoFlow() throws {
        let findings = try Self.findings(
            of: SQLInjectionRule.description,
            in: [
                "App/SearchStore.swift": Self.search,
                "App/SearchController.swift": """
                final class SearchController {
                    let store = SearchStore(order: "ASC")
                    func go(descending: Bool) {
                        store.term = "inbox"
                        store.order = descending ? "DESC" : "ASC"
                        store.run()
                    }
                }
                """
            ])
        #expect(findings.allSatisfy { $0.evidence != .flow })
        #expect(!findings.contains { $0.line == 10 })
    }

    @Test func thousandsOfPropertiesEndTheLookupsWithoutAFlow() throws {
        let count = CallerArguments.lookupBudget * 2
        let fields = (0..<count).map { "    var f\($0): String = \"\"" }.joined(separator: "\n")
        let statements = (0..<count).map {
            "        sqlite3_exec(db, \"SELECT * FROM t WHERE c = '\\(row.f\($0))'\", nil, nil, nil)"
        }.joined(separator: "\n")
        let findings = try Self.findings(
            of: SQLInjectionRule.description,
            in: [
                "App/Row.swift": "struct Row {\n\(fields)\n}\n",
                "App/Dump.swift": """
                import SQLite3
                import UIKit
                final class Dump {
                    var db: OpaquePointer?
                    @IBOutlet var field: UITextField!
                    func run(row: Row) {
                \(statements)
                    }
                    func fill() {
                        var other = Row()
                        other.f\(count - 1) = field.text ?? ""
                    }
                }
                """
            ])
        // Every read is of a property with a literal start value; the lookups run out before the written one.
        #expect(findings.allSatisfy { $0.evidence != .flow })
    }

    /// Two properties written from each other, shown as HTML; `extra` adds members to the class.
    static func loop(_ extra: String) -> String {
        """
        import WebKit
        final class Left { var text = "" }
        final class Right { var text = "" }
        final class Loop {
            let webView = WKWebView()
            let left = Left()
            let right = Right()
            func swap() {
                left.text = right.text
                right.text = left.text
            }
            func show() {
                webView.loadHTMLString("<p>" + left.text + "</p>", baseURL: nil)
            }
        \(extra)
        }
        """
    }

    @Test func propertiesWrittenFromEachOtherInACycleEndWithoutAFlow() throws {
        #expect(try Self.htmlFindings(["App/Loop.swift": Self.loop("")]).isEmpty)
        // The same cycle with a text field feeding one side: the walk ends and finds it.
        let fed = try Self.htmlFindings([
            "App/Loop.swift": Self.loop(
                """
                    @IBOutlet var noteField: UITextField!
                    func typed() { right.text = noteField.text ?? "" }
                """)
        ])
        #expect(fed.map(\.line) == [13])
        #expect(fed.first?.message.contains("stored in `Left.text` (App/Loop.swift:9)") == true)
        #expect(fed.first?.flow.map(\.note).contains("stored in `Right.text`") == true)
    }
}

extension FieldFlowTests {
    static let export = """
        import Foundation
        final class Export {
            var fileName = ""
            var label = "Export"
            func purge() throws {
                let docs = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0]
                try FileManager.default.removeItem(atPath: docs + "/" + fileName)
                try FileManager.default.removeItem(atPath: docs + "/" + label)
            }
        }
        enum Paths {
            static func inbox(named name: String) -> String { NSTemporaryDirectory() + "inbox/" + name }
        }
        """

    /// A path made of a property a deep link fills, or by another file's function from a deep link's value, is a flow
    /// at the sink; a property only the app writes, or a call with the app's own name, is none.
    @Test func pathsFromPropertiesAndOtherFilesReturnsAreFollowed() throws {
        let findings = try Self.findings(
            of: PathInjectionRule.description,
            in: [
                "App/Export.swift": Self.export,
                "App/Router.swift": """
                import Foundation
                final class Router {
                    let export = Export()
                    func handle(_ url: URL) throws {
                        export.fileName = url.query ?? ""
                        export.label = "Weekly"
                        try export.purge()
                        let name = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? ""
                        try Data().write(to: URL(fileURLWithPath: Paths.inbox(named: name)))
                        try Data().write(to: URL(fileURLWithPath: Paths.inbox(named: "today.json")))
                    }
                }
                """
            ])
        #expect(findings.map { "\($0.file):\($0.line)" } == ["App/Export.swift:7", "App/Router.swift:9"])
        #expect(findings.allSatisfy { $0.evidence == .flow })
        #expect(findings.first?.message.contains("stored in `Export.fileName` (App/Router.swift:5)") == true)
        #expect(findings.last?.message.contains("returned by `inbox` (App/Export.swift:12)") == true)
    }
}

extension FieldFlowTests {
    /// The URL the app was opened with, kept in a model and removed after import, is the document the system handed
    /// over: no path finding through the property.
    @Test func aDocumentTheAppWasOpenedWithIsNoPathFlow() throws {
        let findings = try Self.findings(
            of: PathInjectionRule.description,
            in: [
                "App/ImportFile.swift": """
                import Foundation
                struct ImportFile {
                    var url: URL
                    func removeLocalCopy() throws { try FileManager.default.removeItem(at: url) }
                }
                """,
                "App/AppDelegate.swift": """
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var pending: [ImportFile] = []
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        guard url.isFileURL else { return false }
                        pending.append(ImportFile(url: url))
                        return true
                    }
                }
                """
            ])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }
}

extension FieldFlowTests {
    static let banner = """
        import Foundation
        final class Banner {
            var template = ""
            var title = "%d new"
            func render(count: Int) -> String { String(format: template, count) + String(format: title, count) }
        }
        """

    /// A format read from a property a text field fills in another file is a flow; one only the app's own text is
    /// written into stays quiet, whatever its start value.
    @Test func aFormatFromAPropertyATextFieldFillsIsAFlow() throws {
        let findings = try Self.findings(
            of: FormatStringRule.description,
            in: [
                "App/Banner.swift": Self.banner,
                "App/Settings.swift": """
                import UIKit
                final class Settings: UIViewController {
                    @IBOutlet var templateField: UITextField!
                    let banner = Banner()
                    @IBAction func save(_ sender: Any) {
                        banner.template = templateField.text ?? ""
                        banner.title = "%d unread"
                        _ = banner.render(count: 3)
                    }
                }
                """
            ])
        #expect(findings.map { "\($0.file):\($0.line):\($0.column)" } == ["App/Banner.swift:5:56"])
        #expect(findings.first?.evidence == .flow)
        #expect(findings.first?.message.contains("stored in `Banner.template` (App/Settings.swift:6)") == true)
    }
}
