import Foundation
import IOSecAudit
import IOSecCore
import Testing

@Suite struct ReporterTests {
    static func result(_ code: String, file: String = "App/Web.swift") -> ScanResult {
        // The two Swift rules the snippet is written for; a loose file would also get project findings
        // (no privacy manifest for its UserDefaults use), which are not what these tests are about.
        let analysis = SourceAnalysis.analyze(
            code, path: file, rules: RuleSet.all.only(["platform.uiwebview", "storage.userdefaults-secret"]))
        return ScanResult(
            root: "/tmp/Project", findings: analysis.findings,
            diagnostics: [Diagnostic(file: "App/Big.swift", message: "skipped: too big")],
            filesScanned: 2, bytesScanned: 100, durationSeconds: 0.25)
    }

    static let code = """
        let a = UIWebView()
        let b = UIWebView() // iosec:ignore platform.uiwebview -- legacy
        UserDefaults.standard.set(password, forKey: "password")
        """

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonFollowsTheDocumentedSchema() throws {
        let doc = try json(JSONReporter().render(Self.result(Self.code)))
        #expect(doc["version"] as? Int == 1)
        let tool = try #require(doc["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "iosec")
        #expect(tool["version"] as? String == IOSecVersion.current)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        let keys: Set<String> = [
            "ruleId", "severity", "confidence", "title", "message", "file", "line", "column",
            "endLine", "endColumn", "snippet", "masvs", "cwe", "fix", "suppressed"
        ]
        for finding in findings { #expect(keys.isSubset(of: Set(finding.keys))) }
        let first = findings[0]
        #expect(first["file"] as? String == "App/Web.swift")
        #expect(first["line"] as? Int == 1)
        #expect(first["column"] as? Int == 9)
        #expect(first["snippet"] as? String == "let a = UIWebView()")
        #expect(first["suppressed"] as? Bool == false)
        #expect(findings[1]["suppressed"] as? Bool == true)
        #expect(findings[1]["suppressionReason"] as? String == "legacy")
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["file"] as? String == "App/Big.swift")
        let summary = try #require(doc["summary"] as? [String: Any])
        #expect(summary["filesScanned"] as? Int == 2)
        let bySeverity = try #require(summary["bySeverity"] as? [String: Int])
        #expect(bySeverity == ["critical": 0, "high": 2, "medium": 0, "low": 0, "info": 0])
        #expect(summary["suppressed"] as? Int == 1)
        #expect(summary["durationSeconds"] as? Double == 0.25)
    }

    @Test func textGroupsBySeverityWithFixAndSummary() {
        let text = TextReporter(colored: false).render(Self.result(Self.code))
        #expect(text.contains("HIGH (2)\n  App/Web.swift\n    App/Web.swift:1:9  platform.uiwebview"))
        #expect(text.contains("      fix: Use WKWebView"))
        #expect(!text.contains("App/Web.swift:2:"), "suppressed findings are not listed")
        #expect(text.contains("DIAGNOSTICS (1)\n  warning: App/Big.swift: skipped: too big"))
        #expect(
            text.hasSuffix(
                "2 findings (0 critical, 2 high, 0 medium, 0 low, 0 info) · 2 files scanned in 0.25 s · 1 suppressed\n")
        )
        #expect(!text.contains("\u{1B}["))
        #expect(TextReporter(colored: true).render(Self.result(Self.code)).contains("\u{1B}[1;31mHIGH"))
    }

    @Test func textSaysNoFindings() {
        let text = TextReporter().render(
            ScanResult(
                root: ".", findings: [], diagnostics: [], filesScanned: 3, bytesScanned: 0, durationSeconds: 0.01))
        #expect(text == "no findings · 3 files scanned in 0.01 s\n")
    }

    @Test func sarifHasRulesResultsAndSuppressions() throws {
        let doc = try json(SARIFReporter().render(Self.result(Self.code)))
        #expect(doc["version"] as? String == "2.1.0")
        let runs = try #require(doc["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleRegistry.all.count)
        let webview = try #require(rules.first { $0["id"] as? String == "platform.uiwebview" })
        let properties = try #require(webview["properties"] as? [String: Any])
        #expect(properties["security-severity"] as? String == "8.0")
        #expect((properties["tags"] as? [String])?.contains("MASVS-PLATFORM-2") == true)
        #expect(((webview["help"] as? [String: Any])?["markdown"] as? String)?.contains("WKWebView") == true)
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let location = try #require(
            ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "App/Web.swift")
        #expect(artifact["uriBaseId"] as? String == "SRCROOT")
        #expect(results[0]["level"] as? String == "error")
        #expect(results[0]["suppressions"] == nil)
        #expect((results[1]["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "inSource")
        #expect(results[0]["ruleIndex"] as? Int == rules.firstIndex { $0["id"] as? String == "platform.uiwebview" })
    }

    @Test func fingerprintsSurviveUnrelatedEdits() throws {
        func fingerprints(_ code: String) throws -> [String] {
            let doc = try json(SARIFReporter().render(Self.result(code)))
            let results = (doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
            return results.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        }
        let before = try fingerprints("let a = UIWebView()\nlet b = UIWebView()\n")
        let after = try fingerprints("import UIKit\n\n// moved down\nlet a = UIWebView()\n\nlet b = UIWebView()\n")
        #expect(before.count == 2)
        #expect(before == after)
        #expect(Set(before).count == 2)
        let changed = try fingerprints("let a = UIWebView()\nlet c = UIWebView()\n")
        #expect(changed[0] == before[0] && changed[1] != before[1])
    }
}
