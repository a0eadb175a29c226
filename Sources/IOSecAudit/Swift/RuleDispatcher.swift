import SwiftSyntax

/// Walks one file's tree once and hands each node to the rules that asked for its kind.
final class RuleDispatcher: SyntaxAnyVisitor {
    private var rules: [any SwiftVisitor]
    private let rulesByKind: [SyntaxKind: [Int]]
    private let wantsTokens: Bool
    private let file: SwiftFile

    init(ruleTypes: [any SwiftVisitor.Type], file: SwiftFile) {
        self.rules = ruleTypes.map { $0.init() }
        var table: [SyntaxKind: [Int]] = [:]
        for (index, type) in ruleTypes.enumerated() {
            for kind in type.nodeKinds { table[kind, default: []].append(index) }
        }
        self.rulesByKind = table
        self.wantsTokens = table[.token] != nil
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    func run() {
        walk(file.tree)
        for index in rules.indices { rules[index].finish(in: file) }
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let indices = rulesByKind[node.kind] {
            for index in indices { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    // Tokens are half of all nodes; skip the table lookup unless a rule wants them.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        wantsTokens ? visitAny(Syntax(token)) : .skipChildren
    }
}
