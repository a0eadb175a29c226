import Foundation
@testable import IOSecAudit
import SwiftParser
import SwiftSyntax
import Testing

@Suite(.serialized) struct RuleDispatcherTests {
    /// Counts the calls and references it is handed; shared through a class so the test can read it.
    final class Seen: @unchecked Sendable {
        var calls: [String] = []
        var references = 0
    }
    nonisolated(unsafe) static var seen = Seen()

    struct FilteredVisitor: SwiftVisitor {
        static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr, .declReferenceExpr]
        static let subscription = Subscription(
            calls: .named(["set"]))
        mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.calls.append(node.calledName ?? "?")
        }
        mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.references += 1
        }
    }

    struct ReferenceFilteredVisitor: SwiftVisitor {
        static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr]
        static let subscription = Subscription(
            references: ["token", "store"])
        mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.calls.append(node.baseName.text)
        }
    }

    /// Sees string literals of four bytes or more; `AllLiteralsVisitor` sees every one.
    struct LongLiteralVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]
        static let subscription = Subscription(
            literals: .atLeast(4))
        mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {
            Self.seen.append(node.trimmedDescription)
        }
    }

    struct AllLiteralsVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]
        mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {
            Self.seen.append(node.trimmedDescription)
        }
    }

    /// Sees calls of `log` that pass more than plain text (the `level:` argument aside).
    struct ValueLogVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr]
        static let subscription = Subscription(
            calls: .named(["log"], where: wantsCall))
        static func wantsCall(_ call: CallCandidate) -> Bool {
            !call.argumentsAreAllPlainText(ignoringLabels: ["level"])
        }
        mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) {
            Self.seen.append(node.trimmedDescription)
        }
    }

    /// Sees declarations of functions whose names start with `url`.
    struct NamedFunctionVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.functionDecl]
        static let subscription = Subscription(
            functions: wantsFunction(named:))
        static func wantsFunction(named name: String) -> Bool { name.hasPrefix("url") }
        mutating func visit(_ node: FunctionDeclSyntax, in file: SwiftFile) { Self.seen.append(node.name.text) }
    }

    /// Sees `==` only between a name and a plain value (`OperandShape`); `AllComparisonsVisitor` sees every one.
    /// Each as its operands' text.
    struct ValueComparisonVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.binaryOperatorExpr]
        static let subscription = Subscription(
            operators: .named(["=="], where: wantsOperator(between:and:)))
        static func wantsOperator(between left: OperandShape, and right: OperandShape) -> Bool {
            (left == .other || left == .implicitMember("pin")) && right == .other
        }
        mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile) {
            Self.seen.append(RuleDispatcherTests.operands(of: node))
        }
    }

    static func operands(of node: BinaryOperatorExprSyntax) -> String {
        let left = node.sequenceNeighbor(-1)?.trimmedDescription ?? ""
        return left + " == " + (node.sequenceNeighbor(1)?.trimmedDescription ?? "")
    }

    struct NoPlainLiteralVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.binaryOperatorExpr]
        static let subscription = Subscription(operators: .named(["=="], plainLiteralOperands: false))
        mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile) {
            Self.seen.append(RuleDispatcherTests.operands(of: node))
        }
    }

    struct AllComparisonsVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds: Set<SyntaxKind> = [.binaryOperatorExpr]
        static let subscription = Subscription(
            operators: .named(["=="]))
        mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile) {
            Self.seen.append(RuleDispatcherTests.operands(of: node))
        }
    }

    /// Records every node of every kind the dispatcher delivers, unfiltered, with its position and parent.
    struct EverythingVisitor: SwiftVisitor {
        nonisolated(unsafe) static var seen: [String] = []
        static let nodeKinds = RuleDispatcher.supportedKinds
        static func note(_ node: some SyntaxProtocol) {
            // The parent's kind and position check the made node sits in the real tree, not a copy.
            let parent = node.parent.map { "\($0.kind)@\($0.position.utf8Offset)" } ?? "-"
            seen.append("\(node.kind)@\(node.position.utf8Offset)<\(parent)")
        }
        mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: MemberAccessExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: SequenceExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: AssignmentExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: AttributeSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: FunctionDeclSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: FunctionParameterSyntax, in file: SwiftFile) { Self.note(node) }
        mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile) { Self.note(node) }
    }

    /// The same nodes, in the same order, in the same tree, as a `SyntaxVisitor` walk shows them: the dispatcher
    /// reads the raw tree and makes only the nodes it hands over, so this is what keeps it honest. The source has
    /// missing and unexpected nodes (it does not parse cleanly) and deep nesting.
    @Test func handsOverWhatASyntaxWalkWouldInTheSameOrder() {
        final class Reference: SyntaxAnyVisitor {
            var seen: [String] = []
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                if RuleDispatcher.supportedKinds.contains(node.kind) { EverythingVisitor.note(node) }
                return .visitChildren
            }
        }
        let source = #"""
            @MainActor final class Login: NSObject {
                @AppStorage("pin") var pin = ""
                func check(_ entered: String, count: Int = 3) -> Bool {
                    let stored = UserDefaults.standard.string(forKey: "password") ?? ""
                    self.attempts = attempts + 1; cache["k"] = entered
                    if entered == stored && count != 0 { log("ok \(entered.count) \("x")") }
                    return ((((((f(a: [1, 2], b: { x in x.y.z() }))))))) != nil
                }
                func broken( { let = ; x. }
            }
            """#
        let tree = Parser.parse(source: source)
        EverythingVisitor.seen = []
        Reference(viewMode: .sourceAccurate).walk(tree)
        let expected = EverythingVisitor.seen
        EverythingVisitor.seen = []
        let file = SwiftFile(path: "App/Login.swift", bytes: Array(source.utf8), tree: tree)
        RuleDispatcher(ruleTypes: [EverythingVisitor.self], file: file).run()
        #expect(expected.count > 40)
        #expect(EverythingVisitor.seen == expected)
    }

    /// Every generated subscription is one the dispatcher delivers.
    /// A visitor is made only when the walk hands it a node, so one that says it needs no visits must finish an
    /// unvisited file with nothing: tried on every example file.
    @Test func visitorsThatAreMadeOnlyWhenVisitedFinishUnvisitedFilesWithNothing() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        var files: [SwiftFile] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(path)))
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            files.append(SwiftFile(path: path, bytes: bytes, tree: tree))
        }
        #expect(files.count > 20)
        var finishingAnyway: Set<String> = []
        for type in RuleSet.all.swiftVisitors {
            guard !type.subscription.finishesWithoutVisits else {
                finishingAnyway.insert("\(type)")
                continue
            }
            for file in files {
                var visitor = type.init()
                visitor.finish(in: file)
                #expect(file.findings.isEmpty && file.facts.isEmpty, "\(type) in \(file.path)")
            }
        }
        // The import reader does finish unvisited: without it, a file that only imports WebKit would say nothing.
        // The database rule reads assignments to the project's `@NSManaged` properties, names no route can know.
        #expect(finishingAnyway == ["AppCapabilityCollector", "DatabaseUnencryptedRule"])
        let source = "import WebKit\n"
        let imports = SwiftFile(path: "A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        var collector = AppCapabilityCollector()
        collector.finish(in: imports)
        #expect(!imports.facts.isEmpty)
    }

    @Test func everyRegisteredVisitorAsksOnlyForDeliveredKinds() {
        for type in RuleSet.all.swiftVisitors {
            let missing = type.nodeKinds.subtracting(RuleDispatcher.supportedKinds)
            #expect(missing.isEmpty, "\(type) asks for \(missing), which RuleDispatcher does not deliver")
        }
    }

    /// A literal's length counts its bytes and one per interpolation, as `HardcodedSecretRule` measures it; a
    /// visitor with no minimum beside one with a minimum still sees every literal.
    @Test func shortLiteralsReachOnlyVisitorsThatWantThem() {
        let literals = [
            #""""#, #""id""#, #""abc""#, #""abcd""#, #""\(x)""#, #""ab\(x)""#, #""abc\(x)""#, #""\(x)\(y)\(z)\(w)""#,
            #""é1""#, #""é12""#
        ]
        let source = "let a = [" + literals.joined(separator: ", ") + "]\n"
        LongLiteralVisitor.seen = []
        AllLiteralsVisitor.seen = []
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [LongLiteralVisitor.self, AllLiteralsVisitor.self], file: file).run()
        #expect(AllLiteralsVisitor.seen == literals)
        // "é" is two bytes.
        #expect(LongLiteralVisitor.seen == [#""abcd""#, #""abc\(x)""#, #""\(x)\(y)\(z)\(w)""#, #""é12""#])
    }

    @Test func callsReachOnlyVisitorsThatWantTheirArguments() {
        let source = #"""
            log("Started")
            log("a", level: .debug)
            log(#"raw"#, """
                multi
                """)
            log("user \(id)")
            log("x", value)
            log(("x"))
            log { "closure \(secret)" }
            log()
            print(token)
            """#
        ValueLogVisitor.seen = []
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [ValueLogVisitor.self], file: file).run()
        #expect(ValueLogVisitor.seen == [#"log("user \(id)")"#, #"log("x", value)"#, #"log(("x"))"#])
    }

    @Test func functionDeclarationsReachOnlyVisitorsThatWantTheirName() {
        NamedFunctionVisitor.seen = []
        let source = "func urlSession() {}\nfunc load() { func urlInner() {} }\nstruct S { func `url`() {} }\n"
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [NamedFunctionVisitor.self], file: file).run()
        #expect(NamedFunctionVisitor.seen == ["urlSession", "urlInner"])
    }

    /// The URL-scheme rule's name filter: the delegate callbacks and the deep-link handler names its hook looks for,
    /// however they are cased or separated, and nothing else.
    @Test func deepLinkHandlerNamesPassTheFunctionFilter() throws {
        let wanted = [
            "application", "scene", "handleDeepLink", "handleDeeplink", "routeDeepLink", "handle_open_U_R_L",
            "handleURL", "handleIncomingURL", "openUniversalLink", "handleOpenURL"
        ]
        let unwanted = [
            "viewDidLoad", "openURL", "linkify", "handleLinkTap", "urlSession", "load", "sceneDidBecomeActive"
        ]
        let wants = try #require(URLSchemeUnvalidatedRule.subscription.functions)
        for name in wanted { #expect(wants(name), "\(name)") }
        for name in unwanted { #expect(!wants(name), "\(name)") }
        #expect(URLSchemeUnvalidatedRule.mayMentionURLOrLink("a_U-r.L"))
        #expect(URLSchemeUnvalidatedRule.mayMentionURLOrLink("Lin2k") == false)
        #expect(URLSchemeUnvalidatedRule.mayMentionURLOrLink("öffneURL"))
    }

    /// Operands are told apart as the visitor asks: through `try`, `!` and `?`, not through parentheses or casts.
    @Test func comparisonsReachOnlyVisitorsThatWantTheirOperands() {
        let skipped = [
            "a == nil", "x! == 1.5", "flag == true", "state == .none", "a? == nil", ".a == b", "0 == n", "try? f() == 0"
        ]
        let delivered = [#"p == "1234""#, "pin == code", "(0) == a", "u.pin == .some(1)", "a == b", ".pin == x"]
        let source = (skipped + delivered + ["a == b as String"]).map { "_ = \($0)" }.joined(separator: "\n") + "\n"
        ValueComparisonVisitor.seen = []
        AllComparisonsVisitor.seen = []
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [ValueComparisonVisitor.self, AllComparisonsVisitor.self], file: file).run()
        #expect(AllComparisonsVisitor.seen.count == skipped.count + delivered.count + 1)
        #expect(ValueComparisonVisitor.seen == delivered + ["a == b"])
    }

    /// A visitor that declines plain-literal operands is never handed `x == nil`, `0 == n` or `f == true`, whatever
    /// its own test says, and the pre-pass need not mark them (the walk then never reaches them).
    @Test func operatorsNextToPlainLiteralsReachNoVisitorThatDeclinesThem() {
        let source = "_ = a == nil\n_ = 0 == n\n_ = f == true\n_ = pin == code\n_ = x == .none\n"
        NoPlainLiteralVisitor.seen = []
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [NoPlainLiteralVisitor.self], file: file).run()
        #expect(NoPlainLiteralVisitor.seen == ["pin == code", "x == .none"])
        let plan = RuleDispatcher.Plan([NoPlainLiteralVisitor.self])
        #expect(plan.interest?.marksOperatorsBeforePlainLiterals == false)
    }

    /// A subscription narrows only kinds its visitor has a hook for: a filter on any other kind does nothing, and
    /// says the author meant a hook that is not there (a misspelt `visit`).
    @Test func everyVisitorNarrowsOnlyKindsItHasAHookFor() {
        for type in RuleSet.all.swiftVisitors {
            let subscription = type.subscription
            #expect(subscription.narrowedKinds.isSubset(of: type.nodeKinds), "\(type)")
            if subscription.assignments != nil {
                #expect(!type.nodeKinds.isDisjoint(with: [.sequenceExpr, .assignmentExpr]), "\(type)")
            }
        }
    }

    @Test func referenceNamesFilterReferences() {
        Self.seen = Seen()
        let source = "defaults.set(token, forKey: k)\nstore.set(1)\n"
        let file = SwiftFile(path: "App/A.swift", bytes: Array(source.utf8), tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [ReferenceFilteredVisitor.self], file: file).run()
        #expect(Self.seen.calls == ["token", "store"])
    }

    @Test func calleeNamesFilterCallsOnly() {
        Self.seen = Seen()
        let source = "defaults.set(token, forKey: k)\nprint(x)\nlet y = load(z)\nstore.set(1)\n"
        let bytes = Array(source.utf8)
        let file = SwiftFile(path: "App/A.swift", bytes: bytes, tree: Parser.parse(source: source))
        RuleDispatcher(ruleTypes: [FilteredVisitor.self], file: file).run()
        #expect(Self.seen.calls == ["set", "set"])
        // References are not filtered: defaults, set, token, k, print, x, load, z, store, set.
        #expect(Self.seen.references == 10)
    }
}
