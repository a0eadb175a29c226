import Foundation
import IOSecFixtures
import Testing

@testable import IOSecAudit

/// Baselines: accepted findings stay accepted when code moves, are counted, and the file is stable.
@Suite struct BaselineTests {
    func scan(_ tree: TemporaryTree) throws -> ScanResult {
        try Scanner(options: ScanOptions(jobs: 2)).scan(tree.root)
    }

    @Test func movedCodeStaysBaselinedAndNewCodeIsReported() throws {
        let tree = TemporaryTree()
        tree.write("App/Web.swift", "import UIKit\n\nlet help = UIWebView()\n")
        let baseline = Baseline(findings: try scan(tree).findings)
        #expect(baseline.entries.map(\.ruleId) == ["platform.uiwebview"])

        // Ten lines added above and the line re-indented: the same finding.
        tree.write(
            "App/Web.swift",
            "import UIKit\n" + String(repeating: "// note\n", count: 10)
                + "func show() {\n    let help =   UIWebView()\n}\n"
                + "let terms = UIWebView()\n")
        var result = try scan(tree)
        #expect(result.findings.count == 2)
        baseline.filter(&result)
        #expect(result.findings.map(\.snippet) == ["let terms = UIWebView()"])
        #expect(result.findings.first?.line == 15)
        #expect(result.baseline == BaselineComparison(baselined: 1, fixed: 0))
        #expect(result.fails(at: .high), "the new finding still fails the scan")
    }

    @Test func matchingCountsDuplicatesAndFixedEntries() throws {
        let tree = TemporaryTree()
        let twice = "let a = UIWebView()\nlet a = UIWebView()\n"
        tree.write("App/A.swift", twice)
        tree.write("App/B.swift", "let b = UIWebView()\n")
        let baseline = Baseline(findings: try scan(tree).findings)
        #expect(baseline.entries.count == 3)

        // A third identical line is new; B's finding is fixed.
        tree.write("App/A.swift", twice + "let a = UIWebView()\n")
        tree.write("App/B.swift", "let b = WKWebView()\n")
        var result = try scan(tree)
        baseline.filter(&result)
        #expect(result.findings.map(\.line) == [3])
        #expect(result.baseline == BaselineComparison(baselined: 2, fixed: 1))

        // Everything fixed: nothing reported, nothing fails.
        tree.write("App/A.swift", "let a = WKWebView()\n")
        var clean = try scan(tree)
        baseline.filter(&clean)
        #expect(clean.findings.isEmpty)
        #expect(clean.baseline == BaselineComparison(baselined: 0, fixed: 3))
        #expect(!clean.fails(at: .info))
    }

    @Test func sameRuleAndLineInAnotherFileIsNew() throws {
        let entry = Baseline.Entry(
            ruleId: "platform.uiwebview", file: "App/A.swift", fingerprint: Baseline.fingerprint("let a = UIWebView()"))
        let tree = TemporaryTree()
        tree.write("App/Copy.swift", "let a = UIWebView()\n")
        var result = try scan(tree)
        Baseline(entries: [entry]).filter(&result)
        #expect(result.findings.map(\.file) == ["App/Copy.swift"])
        #expect(result.baseline == BaselineComparison(baselined: 0, fixed: 1))
    }

    @Test func fileIsSortedStableJSONWithoutSource() throws {
        let tree = TemporaryTree()
        tree.write("App/Z.swift", "let z = UIWebView()\n")
        tree.write(
            "App/A.swift", "let key = \"sk_live_51HqLyjWDarjtT1zdp7dcXYZabcdefghijklmnop\"\nlet a = UIWebView()\n")
        let first = Baseline(findings: try scan(tree).findings)
        let path = tree.root + "/baseline.json"
        try first.write(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try Baseline(findings: try scan(tree).findings).write(to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "byte-identical across runs")

        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasPrefix("{\n  \"entries\" : [\n    {\n      \"file\" : \"App/A.swift\",\n      \"fingerprint\" : "))
        #expect(text.hasSuffix("\n  ],\n  \"version\" : 1\n}\n"))
        #expect(first.entries.map(\.ruleId).contains("secrets.hardcoded"))
        #expect(!text.contains("sk_live"), "the baseline holds fingerprints, not source lines")
        #expect(first.entries == first.entries.sorted())
        #expect(try Baseline.read(from: path) == first)
    }

    @Test func unreadableBaselinesNameTheFile() throws {
        let tree = TemporaryTree()
        let cases: [(String, String)] = [
            ("not json", "is not valid JSON"),
            ("{\"version\": 1}", "'entries' is missing"),
            (
                "{\"version\": 1, \"entries\": [{\"file\": 3, \"ruleId\": \"a\", \"fingerprint\": \"b\"}]}",
                "wrong kind of value at .entries[0].file"
            ),
            ("{\"version\": 1, \"entries\": [{\"file\": \"a\"}]}", "missing at .entries[0]"),
            ("{\"version\": 2, \"entries\": []}", "has format version 2")
        ]
        for (text, message) in cases {
            let path = tree.write("b.json", text)
            do {
                _ = try Baseline.read(from: path)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.hasPrefix(path + ": "), "\(error)")
                #expect(error.message.contains(message), "\(error)")
            }
        }
        #expect(throws: BaselineError.self) { try Baseline.read(from: tree.root + "/none.json") }
    }

    @Test func summariesCountBaselinedAndFixed() throws {
        var result = ScanResult(
            root: ".", findings: [], diagnostics: [], filesScanned: 1, bytesScanned: 1, durationSeconds: 0)
        #expect(!TextReporter().summary(result).contains("baselined"))
        #expect(!JSONReporter().render(result).contains("baselined"))
        result.baseline = BaselineComparison(baselined: 4, fixed: 2)
        #expect(TextReporter().summary(result).hasSuffix(" · 4 baselined, 2 fixed since the baseline"))
        let json = JSONReporter().render(result)
        #expect(json.contains("\"baselined\" : 4"))
        #expect(json.contains("\"baselineFixed\" : 2"))
    }

    /// The baselines are the last stage of every scan (`FindingPipeline`), whatever its source: a folder with a
    /// file selection and a built app leave out what their baselines hold, keep it aside for `--write-baseline`,
    /// and count it, after the selection has left out the unselected files.
    @Test func everyKindOfScanEndsWithItsBaselines() throws {
        let tree = TemporaryTree()
        tree.write("App/A.swift", "let a = UIWebView()\nlet b = UIWebView()\n")
        tree.write("App/B.swift", "let c = UIWebView()\n")
        let first = try Scanner(options: ScanOptions(jobs: 2)).scan(tree.root, selection: ["App/A.swift"])
        #expect(first.findings.count == 2 && first.notSelected == 0)
        var options = ScanOptions(jobs: 2)
        options.baselines = [Baseline.InForce(Baseline(findings: Array(first.findings.prefix(1))))]
        tree.write("App/A.swift", "let a = UIWebView()\nlet b = UIWebView()\nlet d = UIWebView()\n")
        let selected = try Scanner(options: options).scan(tree.root, selection: ["App/A.swift"])
        #expect(selected.findings.map(\.line) == [2, 3])
        #expect(selected.baselined.map(\.line) == [1])
        #expect(selected.baseline == BaselineComparison(baselined: 1, fixed: 0))

        let app = tree.write("InsecureApp.ipa", bytes: [UInt8](try SampleApps.insecureIPA(profile: nil)))
        let built = try Scanner(options: ScanOptions(jobs: 2)).scan(app)
        let active = built.findings.filter { !$0.suppressed }
        #expect(active.count > 5)
        options.baselines = [Baseline.InForce(Baseline(findings: built.findings))]
        let again = try Scanner(options: options).scan(app)
        #expect(again.findings.allSatisfy { $0.suppressed })
        #expect(again.baselined.count == active.count)
        #expect(again.baseline == BaselineComparison(baselined: active.count, fixed: 0))
    }
}
