import SwiftSyntax

/// Walks one file's tree once and hands each node to the rules that asked for its kind.
final class RuleDispatcher: SyntaxAnyVisitor {
    private var rules: [any SwiftVisitor]
    private let rulesByKind: [SyntaxKind: [Int]]
    /// Per rule: the callee names it wants calls for, and the names it wants references for (nil: all).
    private let calleeFilters: [Set<String>?]
    private let referenceFilters: [Set<String>?]
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
        self.referenceFilters = ruleTypes.map { $0.referenceNames }
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
        // Calls and references are the nodes rules ask for most, and most rules want a few names only: the name
        // is worked out once here instead of once per rule.
        switch node.kind {
        case .functionCallExpr:
            dispatch(node, to: indices, name: node.as(FunctionCallExprSyntax.self)?.calledName, filters: calleeFilters)
        case .declReferenceExpr:
            dispatch(node, to: indices, name: node.as(DeclReferenceExprSyntax.self)?.baseName.text, filters: referenceFilters)
        default:
            for index in indices { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    private func dispatch(_ node: Syntax, to indices: [Int], name: String?, filters: [Set<String>?]) {
        for index in indices {
            if let filter = filters[index] {
                guard let name, filter.contains(name) else { continue }
            }
            rules[index].visit(node, in: file)
        }
    }

    // Tokens are half of all nodes; skip the table lookup unless a rule wants them.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        wantsTokens ? visitAny(Syntax(token)) : .skipChildren
    }
}
