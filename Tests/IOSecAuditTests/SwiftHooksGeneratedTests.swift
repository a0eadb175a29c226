import Foundation
import IOSecDevTools
import Testing

/// The dispatcher routes nodes by each visitor's `nodeKinds`, which `iosec-generate` writes from the typed hooks
/// the visitor implements. A hook added without regenerating would never be called; this test makes that a failure.
@Suite struct SwiftHooksGeneratedTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IOSecAudit")

    @Test func generatedHooksAreUpToDate() throws {
        let result = try SwiftHooksGenerator.generate(sourcesDirectory: Self.sources)
        #expect(result.problems.isEmpty, "\(result.problems.joined(separator: "\n"))")
        let committed = try String(
            contentsOf: Self.sources.appendingPathComponent(SwiftHooksGenerator.outputPath), encoding: .utf8)
        #expect(committed == result.text, "SwiftHooks.generated.swift is stale: run `swift run iosec-generate`")
    }

    @Test func misspeltAndUnknownHooksAreProblems() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        struct GoodRule: SwiftRule {
            mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) { helper() }
            mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile) {}
            func helper() { func visit(_ node: AttributeSyntax, in file: SwiftFile) {} }
        }
        extension Outer {
            struct Nested: SwiftVisitor {
                mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {}
            }
        }
        struct BadRule: SwiftRule {
            mutating func visit(_ node: ClosureExprSyntax, in file: SwiftFile) {}
            mutating func visit(node: FunctionCallExprSyntax, in file: SwiftFile) {}
        }
        final class Walker: SyntaxVisitor {
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { .visitChildren }
        }
        """.write(to: folder.appendingPathComponent("Rules.swift"), atomically: true, encoding: .utf8)
        let result = try SwiftHooksGenerator.generate(sourcesDirectory: folder)
        #expect(
            result.text.contains(
                "extension GoodRule {\n    static let nodeKinds: Set<SyntaxKind> = [.functionCallExpr, .identifierType]\n}"
            ))
        #expect(
            result.text.contains(
                "extension Outer.Nested {\n    static let nodeKinds: Set<SyntaxKind> = [.stringLiteralExpr]\n}"))
        #expect(!result.text.contains("BadRule"))
        #expect(!result.text.contains("Walker"))
        #expect(result.problems.count == 2)
        #expect(
            result.problems.contains {
                $0.contains("Rules.swift:12: BadRule.visit(_: ClosureExprSyntax, in:) is never called")
            })
        #expect(result.problems.contains { $0.contains("Rules.swift:13: BadRule.visit must be") })
    }
}
