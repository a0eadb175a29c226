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
        static let calleeNames: Set<String>? = ["set"]
        mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.calls.append(node.calledName ?? "?")
        }
        mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.references += 1
        }
    }

    struct ReferenceFilteredVisitor: SwiftVisitor {
        static let nodeKinds: Set<SyntaxKind> = [.declReferenceExpr]
        static let referenceNames: Set<String>? = ["token", "store"]
        mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {
            RuleDispatcherTests.seen.calls.append(node.baseName.text)
        }
    }

    /// Every generated subscription is one the dispatcher delivers.
    @Test func everyRegisteredVisitorAsksOnlyForDeliveredKinds() {
        for type in RuleSet.all.swiftVisitors {
            let missing = type.nodeKinds.subtracting(RuleDispatcher.supportedKinds)
            #expect(missing.isEmpty, "\(type) asks for \(missing), which RuleDispatcher does not deliver")
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
