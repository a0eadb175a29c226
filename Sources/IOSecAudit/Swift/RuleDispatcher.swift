import SwiftSyntax

/// Walks one file's tree once and hands each node to the rules that asked for its kind.
final class RuleDispatcher: SyntaxAnyVisitor {
    private var rules: [any SwiftVisitor]
    private let rulesByKind: [SyntaxKind: [Int]]
    /// Per rule: the callee names it wants calls for, or nil for every call.
    private let calleeFilters: [Set<String>?]
    private let wantsTokens: Bool
    private let file: SwiftFile

    init(ruleTypes: [any SwiftVisitor.Type], file: SwiftFile) {
        self.rules = ruleTypes.map { $0.init() }
        var table: [SyntaxKind: [Int]] = [:]
        for (index, type) in ruleTypes.enumerated() {
            for kind in type.nodeKinds { table[kind, default: []].append(index) }
        }
        self.rulesByKind = table
        self.calleeFilters = ruleTypes.map { $0.calleeNames }
        self.wantsTokens = table[.token] != nil
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    func run() {
        walk(file.tree)
        for index in rules.indices { rules[index].finish(in: file) }
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let indices = rulesByKind[node.kind] else { return .visitChildren }
        if node.kind == .functionCallExpr {
            // Calls are the most common node rules ask for, and most rules want a few names only.
            let name = node.as(FunctionCallExprSyntax.self)?.calledName
            for index in indices {
                if let filter = calleeFilters[index] {
                    guard let name, filter.contains(name) else { continue }
                }
                rules[index].visit(node, in: file)
            }
        } else {
            for index in indices { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    // Tokens are half of all nodes; skip the table lookup unless a rule wants them.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        wantsTokens ? visitAny(Syntax(token)) : .skipChildren
    }
}
