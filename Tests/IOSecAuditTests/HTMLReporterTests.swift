import Crypto
import Foundation
@testable import IOSecAudit
import Testing

/// The page itself is checked in Chromium by `scripts/check-html-report.py` (CI); these check what can be read off
/// the text: escaping, nothing loaded from elsewhere, counts, the checklist and the correct code.
@Suite struct HTMLReporterTests {
    static let hostile = "</script><img src=x onerror=alert(1)>"

    static func result() -> ScanResult {
        let code = """
            let a = UIWebView()
            UserDefaults.standard.set(password, forKey: "\(hostile)")
            """
        let analysis = SourceAnalysis.analyze(
            code, path: "App/\(hostile).swift",
            rules: RuleSet.all.only(["platform.uiwebview", "storage.userdefaults-secret"]))
        return ScanResult(
            root: "/nonexistent/Project", findings: analysis.findings,
            diagnostics: [Diagnostic(file: "App/\(hostile).plist", message: "could not be read: \(hostile)")],
            filesScanned: 2, bytesScanned: 100, durationSeconds: 0.25)
    }

    @Test func everythingFromTheScannedFilesIsEscaped() {
        let result = Self.result()
        #expect(result.findings.count == 2)
        let page = HTMLReporter().render(result)
        #expect(!page.contains("<img"))
        #expect(!page.contains(Self.hostile))
        #expect(page.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // Our own script and style are the only ones.
        #expect(page.components(separatedBy: "<script>").count == 2)
        #expect(page.components(separatedBy: "</script>").count == 2)
    }

    @Test func builtAppSummaryIsShownAndEscaped() {
        var result = Self.result()
        var app = AppSummary(input: "ipa", bundlePath: "Payload/\(Self.hostile).app")
        app.name = Self.hostile
        app.bundleID = "com.example.wallet"
        app.architectures = ["arm64"]
        result.appSummary = app
        let page = HTMLReporter().render(result)
        #expect(page.contains("<section id=\"app\"><h2>App</h2>"))
        #expect(page.contains("<tr><th>Architectures</th><td>arm64</td></tr>"))
        #expect(!page.contains(Self.hostile))
        #expect(!HTMLReporter().render(Self.result()).contains("id=\"app\""))
    }

    @Test func nothingIsLoadedFromElsewhere() {
        let page = HTMLReporter().render(Self.result())
        // No element has an attribute that loads anything. Quoted values are dropped first: escaped text from the
        // scanned files may read "src=" inside one (quotes in values are escaped, so a value ends at its quote).
        let values = try! NSRegularExpression(pattern: "\"[^\"]*\"")
        let tags = values.stringByReplacingMatches(
            in: page, range: NSRange(page.startIndex..., in: page), withTemplate: "\"\"")
        let loading = try! NSRegularExpression(pattern: "<[a-zA-Z][^>]*\\s(src|href|action)\\s*=")
        #expect(loading.firstMatch(in: tags, range: NSRange(tags.startIndex..., in: tags)) == nil)
        #expect(!page.contains("@import") && !page.contains("url("))
        let policy = "default-src 'none'; style-src 'unsafe-inline'; script-src '\(HTMLReporter.scriptHash)'"
        #expect(page.contains(policy))
        let hash = "sha256-" + Data(SHA256.hash(data: Data(HTMLReporter.script.utf8))).base64EncodedString()
        #expect(HTMLReporter.scriptHash == hash)
        #expect(page.contains("<script>\(HTMLReporter.script)</script>"))
    }

    @Test func countsChecklistAndFixes() {
        let result = Self.result()
        let page = HTMLReporter().render(result)
        for (severity, count) in result.countsBySeverity {
            #expect(page.contains("data-count-severity=\"\(severity.rawValue)\"><span class=\"n\">\(count)</span>"))
        }
        #expect(page.components(separatedBy: "<li class=\"finding").count - 1 == result.findings.count)
        #expect(page.contains("data-total=\"2\""))
        #expect(page.contains("id=\"checklist-verdict\">\(Checklist.evaluate(result).verdictLine)"))
        let rule = RuleRegistry.all.first { $0.id == "storage.userdefaults-secret" }!
        #expect(page.contains(HTMLReporter.escape(rule.fixExample)))
        #expect(page.contains("<td>MASVS-STORAGE</td>"))
    }

    @Test func categoriesOfControls() {
        #expect(HTMLReporter.category(of: "MASVS-STORAGE-1") == "MASVS-STORAGE")
        #expect(HTMLReporter.category(of: "MASVS-NETWORK") == "MASVS-NETWORK")
    }

    @Test func codeAroundTheFindingComesFromTheFile() throws {
        let tree = TemporaryTree()
        tree.write(
            "App/Store.swift", "// one\n// two\nUserDefaults.standard.set(authToken, forKey: \"token\")\n// four\n")
        let result = try Scanner(options: ScanOptions(onlyRules: ["storage.userdefaults-secret"])).scan(tree.root)
        let page = HTMLReporter(contextLines: 1).render(result)
        #expect(page.contains("<span class=\"ln\">2</span>// two"))
        #expect(page.contains("<span class=\"hit\"><span class=\"ln\">3</span>UserDefaults"))
        #expect(page.contains("<span class=\"ln\">4</span>// four"))
        #expect(!page.contains("// one"))
    }
}
