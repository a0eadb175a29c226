import Foundation
@testable import IOSecAudit
import SwiftParser
import SwiftSyntax
import Testing

/// The walk skips subtrees that meet no part of the file's `InterestMap`: that must change no finding and no fact.
struct InterestMapTests {
    @Test func partsAreKeptInOrderAndJoinedWhenTheyTouch() {
        var map = InterestMap()
        map.add(0, 3)
        map.add(2, 5)
        map.add(5, 6)
        map.add(10, 12)
        #expect(map.bounds == [0, 6, 10, 12])
        var cursor = InterestMap.Cursor(map)
        let answers = [(0, 1), (6, 10), (8, 11), (11, 20), (12, 40)].map { cursor.meets($0.0, $0.1) }
        #expect(answers == [true, false, true, true, false])
    }

    /// The text of each marked part.
    static func marked(
        _ source: String, names: [String], callees: [String] = [], labels: [String] = [], operators: [String] = [],
        assigned: [String] = [], shortestLiteral: Int = 0, plainLiteralOperators: Bool = true
    ) -> [String] {
        var filter = InterestFilter()
        filter.marksOperatorsBeforePlainLiterals = plainLiteralOperators
        filter.shortestLiteral = shortestLiteral
        for name in assigned { filter.assignedNames.insert(name) }
        for name in names { filter.names.insert(name) }
        for name in callees { filter.calleeNames.insert(name) }
        for name in labels { filter.labelNames.insert(name) }
        filter.operators = operators.map { Array($0.utf8) }
        let bytes = Array(source.utf8)
        guard let map = ConstantScanner.interest(in: bytes, filter: filter) else { return [] }
        return stride(from: 0, to: map.bounds.count, by: 2).map {
            String(decoding: bytes[Int(map.bounds[$0])..<Int(map.bounds[$0 + 1])], as: UTF8.self)
        }
    }

    @Test func theLexerMarksRoutedNamesOperatorsLiteralsAndComments() {
        let source = #"""
            let status = SecItemAdd(query, nil) // add
            if a == b, c != d { run() }
            let s = "id \(f(x))"
            /* block /* nested */ end */
            let `default` = #"raw "quoted""#
            """#
        #expect(
            Self.marked(source, names: ["SecItemAdd"], operators: ["=="]) == [
                "SecItemAdd", "// add", "==", #""id \(f(x))""#, "/* block /* nested */ end */", "`default`",
                ##"#"raw "quoted""#"##
            ])
    }

    /// A name wanted only as a call's name is marked only where a call's `(`, `{` or `<` follows, and `init` only
    /// after a `.`; a name wanted only as a label only where a `:` follows.
    @Test func namesWantedInOneRoleAreMarkedOnlyWhereTheyPlayIt() {
        let source = #"""
            let s: String = String(x); let t = String<Int> (y); let u = String { 1 }; let v = [String]()
            init(value: Int) { self.init(other: value) }; let w = Foo.init(1)
            encrypt(d, key: k); let key = k; f(key : 2)
            """#
        #expect(
            Self.marked(source, names: [], callees: ["String", "init"], labels: ["key"]) == [
                "String", "String", "String", "init", "init", "key", "key"
            ])
    }

    /// A name wanted only as an assignment's target is marked only where `=` follows; names are told apart by
    /// case (`URL` is not `url`).
    @Test func namesWantedAsTargetsAreMarkedOnlyBeforeAnAssignment() {
        let source = "pb.url = u; let x = URL(url); f(url: url); if a.url == b {}; a.url? = c; a.url!\n  = d"
        #expect(Self.marked(source, names: [], assigned: ["url"]) == ["url", "url", "url"])
        #expect(Self.marked(source, names: ["url"]).count == 7)
    }

    /// When no operator visitor wants `nil`, a number or a Boolean right of the operator, those operators are not
    /// marked; everything else right of one is.
    @Test func operatorsBeforePlainLiteralsAreLeftWhenNoVisitorWantsThem() {
        let source = """
            a == nil; b != 1.5; c == true ? x : y; k == 0x1F
            d == .x; e == f; g == 1.description; h == -1; i == nilValue; j == true.hashValue
            """
        #expect(Self.marked(source, names: [], operators: ["==", "!="], plainLiteralOperators: false).count == 6)
        #expect(Self.marked(source, names: [], operators: ["==", "!="]).count == 10)
    }

    /// `init` names a type only with a base before its `.`: a bare `.init(…)` is not marked. Keywords and comments
    /// before the `.` count as a base.
    @Test func initIsMarkedOnlyAfterABase() {
        let source = """
            let a = Foo.init(1); let b = Foo
                .init(2); f(.init(3)); let c: T = .init(4); g(a, .init(5)); h(x: .init(6))
            return .init(7); let d = x?.init(8); let e = [.init(9)]; let g = Foo<Int>.init(10)
            """
        let marked = Self.marked(source, names: [], callees: ["init"])
        #expect(marked == ["init", "init", "init", "init", "init"])
        #expect(source.components(separatedBy: "init(").count - 1 == 10)
    }

    /// A plain one-line literal shorter than every literal route's minimum is not marked, unless it holds a `/`;
    /// a `//` comment that opens its line is not marked. Interpolated, multi-line and long literals are.
    @Test func shortPlainLiteralsAndCommentsThatOpenALineAreNotMarked() {
        let source = ##"""
            // header
                /// doc
            let a = "ab"; let b = "abcd"; let c = "a/"; let d = "\(x)"; let e = #"xy"#; let f = 1 // trailing
            let g = """
                ab
                """
            """##
        #expect(
            Self.marked(source, names: [], shortestLiteral: 4) == [
                #""abcd""#, #""a/""#, #""\(x)""#, "// trailing", "\"\"\"\n    ab\n    \"\"\""
            ])
    }

    /// A regular expression literal holding a quote or `//` is read as a string or a comment to the line's end:
    /// more is marked, never less.
    @Test func whatTheLexerMistakesForAStringOrCommentIsMarkedWhole() {
        #expect(Self.marked(#"let r = /"/; let t = run()"#, names: []) == [#""/; let t = run()"#])
        #expect(Self.marked(#"let r = #/a//b/#; go()"#, names: []) == [#"//b/#; go()"#])
    }

    /// Findings and facts of every Swift visitor, and the nodes walked, with the plan given.
    static func outcome(_ source: String, path: String, plan: RuleDispatcher.Plan) -> (
        findings: [Finding], facts: [Fact], nodes: Int
    ) {
        let file = SwiftFile(path: path, bytes: Array(source.utf8), tree: Parser.parse(source: source))
        let dispatcher = RuleDispatcher(plan: plan, file: file)
        dispatcher.run()
        return (file.findings, file.facts, dispatcher.walkedNodes)
    }

    static let tricky = #"""
        import Security
        let regex = /"/; let q = [kSecAttrAccessible: kSecAttrAccessibleAlways]
        let other = #/a//b/#; UserDefaults.standard.set(token, forKey: "auth_token")
        func f() {
            let s = "value: \(UserDefaults.standard.set(password, forKey: "pw"))"
            let m = """
                \(SecItemAdd(q as CFDictionary, nil))
                """
            config.tlsMinimumSupportedProtocolVersion = .TLSv10
            if passwordField.text == "hunter22" { unlock() }
            #if DEBUG
            print("token: \(token)")
            #endif
            let `default` = Insecure.MD5.hash(data: d)
            // let key = SymmetricKey(data: Data("0123456789abcdef".utf8))
            let key = SymmetricKey
                .init(data: Data("0123456789abcdef".utf8)); use(.init(data: k), "ab", "a/")
        }
        """#

    @Test func skippingChangesNoFindingOrFactInTheExamplesAndTheCorpus() throws {
        let plan = RuleDispatcher.Plan(RuleSet.all.swiftVisitors)
        #expect(plan.interest != nil)
        let everyNode = plan.walkingEveryNode()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var sources = [("Tricky.swift", Self.tricky)]
        for folder in ["Examples", "Tests/Corpus", "Fuzz/Corpus/swift"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(path)
                sources.append(("\(folder)/\(path)", String(decoding: try Data(contentsOf: url), as: UTF8.self)))
            }
        }
        var findings = 0, facts = 0, skipped = 0, walked = 0, unparsed = 0
        for (path, source) in sources {
            // Hostile seeds the scan refuses to parse.
            guard TextChecks.squareBracketRun(Array(source.utf8)) == nil else { continue }
            let skipping = Self.outcome(source, path: path, plan: plan)
            let all = Self.outcome(source, path: path, plan: everyNode)
            #expect(skipping.findings == all.findings, "\(path)")
            #expect(skipping.facts == all.facts, "\(path)")
            // A file with nothing marked is not even parsed by the scan: walking all of it must find nothing.
            if ConstantScanner.interest(in: Array(source.utf8), filter: plan.interest!)?.isEmpty == true {
                unparsed += 1
                #expect(all.findings.isEmpty && all.facts.isEmpty, "\(path)")
            }
            findings += all.findings.count
            facts += all.facts.count
            walked += all.nodes
            skipped += all.nodes - skipping.nodes
        }
        #expect(sources.count > 100)
        #expect(findings > 200)
        #expect(facts > 20)
        // The skipping does skip: a third of the nodes at least, and some files whole.
        #expect(skipped * 3 > walked)
        #expect(unparsed > 0)
        let tricky = Self.outcome(Self.tricky, path: "Tricky.swift", plan: plan).findings.map(\.ruleId)
        #expect(Set(tricky).isSuperset(of: ["storage.userdefaults-secret", "crypto.weak-hash", "network.tls-version"]))
    }

    /// The pre-pass of a scan marks what the dispatcher would mark on its own.
    @Test func thePrePassMarksWhatTheWalkWouldMark() {
        let plan = RuleDispatcher.Plan(RuleSet.all.swiftVisitors)
        let filter = try! #require(plan.interest)
        let bytes = Array(Self.tricky.utf8)
        let lexed = SwiftPrePass.run(
            [FileInput(path: "App/Tricky.swift", bytes: bytes)], options: ScanOptions(), plan: plan
        ).lexed
        let fromPrePass = lexed.interest(of: "App/Tricky.swift", size: bytes.count, for: plan)
        #expect(fromPrePass != nil)
        #expect(fromPrePass == ConstantScanner.interest(in: bytes, filter: filter))
        // Another version of the file, or another plan's walk, gets no map: it would skip what its routes want.
        #expect(lexed.interest(of: "App/Tricky.swift", size: bytes.count + 1, for: plan) == nil)
        let other = RuleDispatcher.Plan(RuleSet.all.only("storage.log-sensitive").swiftVisitors)
        #expect(lexed.interest(of: "App/Tricky.swift", size: bytes.count, for: other) == nil)
        #expect(lexed.interest(of: "App/Tricky.swift", size: bytes.count, for: plan.walkingEveryNode()) == nil)
    }
}

extension InterestMapTests {
    /// What a scan's analyser gives for one Swift file, with the pre-pass's index as a scan builds it.
    static func analysed(_ source: String, path: String) -> FileOutcome {
        var analyzer = FileAnalyzer(rules: .all, options: ScanOptions())
        let input = FileInput(path: path, bytes: Array(source.utf8))
        (analyzer.constants, analyzer.lexed) = SwiftPrePass.run(
            [input], options: ScanOptions(), plan: analyzer.dispatchPlan)
        return analyzer.analyze(input)
    }

    @Test func aFileThatNamesNothingWantedIsCountedButNotParsed() {
        // A syntax error the parser would report: unparsed, the file has none to report, and no finding is lost.
        let plain = "struct Layout {\n    let spacing = (8\n}\n"
        let outcome = Self.analysed(plain, path: "App/Layout.swift")
        #expect(outcome.analyzed)
        #expect(outcome.findings.isEmpty && outcome.facts.isEmpty && outcome.diagnostics.isEmpty)
        // The same error where a rule looks is reported.
        let wanted = Self.analysed(plain + "let h = Insecure.MD5.hash(data: d)\n", path: "App/Layout.swift")
        #expect(wanted.diagnostics.map(\.message).contains { $0.hasPrefix("syntax error") })
        #expect(wanted.findings.map(\.ruleId) == ["crypto.weak-hash"])
    }

    @Test func anImportThatShowsACapabilityIsMarked() {
        let outcome = Self.analysed("import WebKit\n\nstruct Page {}\n", path: "App/Page.swift")
        #expect(outcome.facts.map(\.kind) == [FactKind.capability])
        #expect(outcome.facts.first?.value.hasSuffix("WebKit") == true)
    }
}
