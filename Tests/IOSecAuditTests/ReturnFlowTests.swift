import Foundation
import Testing

@testable import IOSecAudit

/// HTML or SQL made by a function of another file is decided by what that function returns: a parameter it pastes
/// in as it is hands the sink what the call passes, and input passed there is a flow through the function; an
/// escaped parameter, a parameter given the app's own text, or a function of the SDK is none.
struct ReturnFlowTests {
    static let builders = """
        enum Templates {
            static func page(title: String, body: String) -> String {
                var html = "<html><head><title>\\(title.htmlEscaped)</title></head><body>"
                html += body
                return html + "</body></html>"
            }
            static func safe(body: String) -> String {
                "<p>\\(body.htmlEscaped)</p>"
            }
        }
        enum Queries {
            static func byName(_ name: String) -> String {
                "SELECT * FROM people WHERE name = '\\(name)'"
            }
        }
        """

    static let viewer = """
        import Foundation
        import WebKit
        import SQLite3
        final class Viewer {
            let webView = WKWebView()
            var db: OpaquePointer?
            func open(_ link: URL) {
                let fragment = link.fragment ?? ""
                webView.loadHTMLString(Templates.page(title: "Shared", body: fragment), baseURL: nil)
                webView.loadHTMLString(Templates.safe(body: fragment), baseURL: nil)
                webView.loadHTMLString(Templates.page(title: fragment, body: "<p>Hi</p>"), baseURL: nil)
                sqlite3_exec(db, Queries.byName(link.query ?? ""), nil, nil, nil)
                sqlite3_exec(db, Queries.byName("Ann"), nil, nil, nil)
                webView.loadHTMLString(String(describing: fragment.hashValue), baseURL: nil)
            }
        }
        """

    @Test func inputPassedToAFunctionOfAnotherFileThatReturnsItIsAFlow() throws {
        let files = ["App/Builders.swift": Self.builders, "App/Viewer.swift": Self.viewer]
        let findings = try CallerArgumentsTests.scan(files).findings.filter {
            $0.ruleId.hasPrefix("code.sql") || $0.ruleId.hasPrefix("platform.webview-html")
        }
        #expect(findings.map(\.line).sorted() == [9, 12])
        let html = try #require(findings.first { $0.line == 9 })
        #expect(html.evidence == .flow && html.confidence == .high)
        #expect(html.message.contains("a URL's fragment is returned by `page` (App/Builders.swift:5)"))
        #expect(
            html.flow.map { "\($0.file):\($0.line) \($0.note)" } == [
                "App/Viewer.swift:8 a URL's fragment",
                "App/Viewer.swift:8 assigned to `fragment`",
                "App/Viewer.swift:9 passed to `page`",
                "App/Builders.swift:5 returned by `page`",
                "App/Viewer.swift:9 pasted into HTML the web view renders"
            ])
        let sql = try #require(findings.first { $0.line == 12 })
        #expect(sql.ruleId == SQLInjectionRule.description.id)
        #expect(sql.message.contains("SQL is built from a URL's query, returned by `byName` (App/Builders.swift:13)"))
        let twoJobs = try CallerArgumentsTests.scan(files, jobs: 2).findings
        #expect(try twoJobs == CallerArgumentsTests.scan(files).findings)
    }

    @Test func aFunctionOfTheSameFileIsLeftToTheFilesOwnWalk() throws {
        let findings = try CallerArgumentsTests.scan(["App/Viewer.swift": Self.viewer + "\n" + Self.builders])
            .findings.filter { $0.ruleId == SQLInjectionRule.description.id }
        // The file's own walk finds it; the pass adds no second finding.
        #expect(findings.filter { $0.line == 12 }.count <= 1)
        #expect(!findings.contains { $0.line == 13 })
    }

    @Test func thousandsOfOverloadsInAnotherFileEndAndTheFlowIsFound() throws {
        var builders = "enum Templates {\n"
        for k in 0..<3_000 {
            builders += "    static func page(body: String, n\(k): Int) -> String { \"<p>\\(body)</p>\" }\n"
        }
        builders += "}\n"
        let findings = try CallerArgumentsTests.scan([
            "App/Builders.swift": builders,
            "App/Viewer.swift": """
            import Foundation
            import WebKit
            final class Viewer {
                let webView = WKWebView()
                func open(_ link: URL) {
                    webView.loadHTMLString(Templates.page(body: link.fragment ?? "", n7: 7), baseURL: nil)
                }
            }
            """
        ]).findings.filter { $0.ruleId == WebViewHTMLInjectionRule.description.id }
        #expect(findings.map(\.line) == [6])
        #expect(findings.first?.evidence == .flow)
    }
}
