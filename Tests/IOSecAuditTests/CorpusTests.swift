import Foundation
import IOSecAudit
import Testing

/// Precision and recall on the labelled corpus in Tests/Corpus (see its README). Each case folder is scanned as
/// its own root and scored exactly like `scripts/corpus.py`; the per-source floors live in
/// Tests/Corpus/thresholds.json and only ever go up.
@Suite struct CorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    struct Label: Decodable {
        let file: String
        let line: Int
        let rules: [String]
        let verdict: String
        let note: String?
        let maxSeverity: String?

        enum CodingKeys: String, CodingKey {
            case file, line, rules, verdict, note
            case maxSeverity = "max_severity"
        }

        func applies(to rule: String) -> Bool { rules.contains(rule) || rules.contains("*") }
    }

    struct Expected: Decodable {
        let source: String
        let origin: String
        let license: String
        let strict: Bool
        let labels: [Label]
    }

    struct Case {
        let source: String
        let name: String
        let dir: URL
        let expected: Expected
    }

    struct Floor: Decodable {
        let minRecall: Double
        let minPrecision: Double
    }

    struct Tally {
        var cases = 0, bad = 0, tp = 0, fn = 0, fp = 0
        /// No finding at all counts as fully precise, no bad label as fully recalled.
        var precision: Double { tp + fp == 0 ? 1 : Double(tp) / Double(tp + fp) }
        var recall: Double { bad == 0 ? 1 : Double(tp) / Double(bad) }
    }

    /// Every case folder with an expected.json, and the expected.json files that do not decode.
    static func loadCases() throws -> (cases: [Case], broken: [String]) {
        let fm = FileManager.default
        var cases: [Case] = []
        var broken: [String] = []
        for source in try fm.contentsOfDirectory(atPath: corpus.path).sorted() {
            let sourceDir = corpus.appendingPathComponent(source)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: sourceDir.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            for name in try fm.contentsOfDirectory(atPath: sourceDir.path).sorted() {
                let dir = sourceDir.appendingPathComponent(name)
                let file = dir.appendingPathComponent("expected.json")
                guard fm.fileExists(atPath: file.path) else { continue }
                do {
                    let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: file))
                    cases.append(Case(source: source, name: name, dir: dir, expected: expected))
                } catch {
                    broken.append("\(source)/\(name)/expected.json: \(error)")
                }
            }
        }
        return (cases, broken)
    }

    /// True positives and false negatives (labels) and false positives (findings) of one case.
    static func score(_ expected: Expected, _ findings: [Finding]) -> (tp: [Label], fn: [Label], fp: [Finding]) {
        var tp: [Label] = [], fn: [Label] = [], fp: [Finding] = []
        for label in expected.labels where label.verdict == "bad" {
            let hit = findings.contains {
                $0.file == label.file && $0.line == label.line && label.applies(to: $0.ruleId)
            }
            if hit { tp.append(label) } else { fn.append(label) }
        }
        for finding in findings {
            let here = expected.labels.filter {
                $0.file == finding.file && $0.line == finding.line && $0.applies(to: finding.ruleId)
            }
            if here.contains(where: { $0.verdict == "bad" }) { continue }
            let good = here.filter { $0.verdict == "good" }
            if good.isEmpty {
                if expected.strict { fp.append(finding) }
                continue
            }
            let acceptable = good.contains { label in
                guard let limit = label.maxSeverity.flatMap(Severity.init(rawValue:)) else { return false }
                return finding.severity <= limit
            }
            if !acceptable { fp.append(finding) }
        }
        return (tp, fn, fp)
    }

    @Test func everyCaseIsWellFormed() throws {
        let (cases, broken) = try Self.loadCases()
        #expect(broken.isEmpty, "\(broken)")
        #expect(cases.count >= 50)
        let known = RuleRegistry.allIds.union(["unsupported", "*"])
        for c in cases {
            let name = "\(c.source)/\(c.name)"
            #expect(c.expected.source == c.source, "\(name): source \(c.expected.source) is not the folder name")
            #expect(!c.expected.origin.isEmpty && !c.expected.license.isEmpty, "\(name): origin and license required")
            #expect(!c.expected.labels.isEmpty, "\(name): no labels")
            for label in c.expected.labels {
                let path = c.dir.appendingPathComponent(label.file).path
                #expect(FileManager.default.fileExists(atPath: path), "\(name): \(label.file) does not exist")
                #expect(label.line >= 1, "\(name): \(label.file):\(label.line)")
                #expect(["bad", "good"].contains(label.verdict), "\(name): verdict \(label.verdict)")
                #expect(!label.rules.isEmpty, "\(name): \(label.file):\(label.line) names no rule")
                for rule in label.rules {
                    #expect(known.contains(rule), "\(name): unknown rule \(rule)")
                }
                if let limit = label.maxSeverity {
                    #expect(Severity(rawValue: limit) != nil, "\(name): unknown max_severity \(limit)")
                }
            }
        }
    }

    @Test func precisionAndRecallMeetTheFloors() throws {
        let floors = try JSONDecoder().decode(
            [String: Floor].self, from: Data(contentsOf: Self.corpus.appendingPathComponent("thresholds.json")))
        let (cases, _) = try Self.loadCases()
        var tallies: [String: Tally] = [:]
        var misses: [String] = []
        for c in cases {
            let result = try Scanner(options: ScanOptions(jobs: 1)).scan(c.dir.path)
            let (tp, fn, fp) = Self.score(c.expected, result.activeFindings)
            var tally = tallies[c.source, default: Tally()]
            tally.cases += 1
            tally.bad += tp.count + fn.count
            tally.tp += tp.count
            tally.fn += fn.count
            tally.fp += fp.count
            tallies[c.source] = tally
            misses += fn.map { "FN \(c.source)/\(c.name)/\($0.file):\($0.line) \($0.rules.joined(separator: "|"))" }
            misses += fp.map { "FP \(c.source)/\(c.name)/\($0.file):\($0.line) \($0.ruleId) [\($0.severity.rawValue)]" }
        }

        func row(_ name: String, _ t: Tally) -> String {
            let cells = [t.cases, t.bad, t.tp, t.fn, t.fp].map { String($0).leftPadded(6) }.joined()
            return name.padding(toLength: 18, withPad: " ", startingAt: 0) + cells
                + String(format: "%10.2f%8.2f", t.precision, t.recall)
        }
        var overall = Tally()
        var lines = ["source             cases   bad    TP    FN    FP precision recall"]
        for (source, t) in tallies.sorted(by: { $0.key < $1.key }) {
            lines.append(row(source, t))
            overall.cases += t.cases
            overall.bad += t.bad
            overall.tp += t.tp
            overall.fn += t.fn
            overall.fp += t.fp
        }
        lines.append(row("overall", overall))
        print((lines + [""] + misses).joined(separator: "\n"))

        for (source, t) in tallies {
            guard let floor = floors[source] else {
                Issue.record("thresholds.json has no floor for \(source)")
                continue
            }
            #expect(t.recall >= floor.minRecall, "\(source): recall \(t.recall) below \(floor.minRecall)")
            #expect(
                t.precision >= floor.minPrecision, "\(source): precision \(t.precision) below \(floor.minPrecision)")
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
