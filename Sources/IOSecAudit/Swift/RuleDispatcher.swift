import SwiftSyntax

/// Walks one file's tree once and hands each node to the rules that asked for its kind.
///
/// Each node kind rules may ask for has its own typed hook, so a node of any other kind costs nothing beyond the
/// walk itself (no per-node table lookup), rules get the node already typed, and calls and references are routed by
/// name through one table lookup per node instead of one set lookup per rule.
final class RuleDispatcher: SyntaxVisitor {
    /// The node kinds with a typed hook in `SwiftVisitor`. `RuleDispatcherTests` checks that every registered
    /// visitor's generated `nodeKinds` is among them.
    static let supportedKinds: Set<SyntaxKind> = [
        .functionCallExpr, .declReferenceExpr, .memberAccessExpr, .stringLiteralExpr, .sequenceExpr,
        .assignmentExpr, .binaryOperatorExpr, .attribute, .functionDecl, .functionParameter, .identifierType
    ]

    /// Rules for one kind; for calls, references, members and assignments also the rules that want only certain
    /// names.
    struct Route: Sendable {
        var unfiltered: [Int] = []
        var byName: [String: [Int]] = [:]
        var isEmpty: Bool { unfiltered.isEmpty && byName.isEmpty }

        mutating func add(_ index: Int, names: Set<String>?) {
            guard let names else {
                unfiltered.append(index)
                return
            }
            for name in names { byName[name, default: []].append(index) }
        }
    }

    /// Which rules see which nodes: worked out once per scan from the rule types, shared by every file.
    struct Plan: Sendable {
        let ruleTypes: [any SwiftVisitor.Type]
        var calls = Route()
        var references = Route()
        var memberAccesses = Route()
        var sequences = Route()
        var assignments = Route()
        var stringLiterals: [Int] = []
        var binaryOperators: [Int] = []
        var attributes: [Int] = []
        var functionDecls: [Int] = []
        var functionParameters: [Int] = []
        var identifierTypes = Route()

        init(_ ruleTypes: [any SwiftVisitor.Type]) {
            self.ruleTypes = ruleTypes
            for (index, type) in ruleTypes.enumerated() {
                for kind in type.nodeKinds {
                    switch kind {
                    case .functionCallExpr: calls.add(index, names: type.calleeNames)
                    case .declReferenceExpr: references.add(index, names: type.referenceNames)
                    case .memberAccessExpr: memberAccesses.add(index, names: type.memberNames)
                    case .sequenceExpr: sequences.add(index, names: type.assignedNames)
                    case .assignmentExpr: assignments.add(index, names: type.assignedNames)
                    case .stringLiteralExpr: stringLiterals.append(index)
                    case .binaryOperatorExpr: binaryOperators.append(index)
                    case .attribute: attributes.append(index)
                    case .functionDecl: functionDecls.append(index)
                    case .functionParameter: functionParameters.append(index)
                    case .identifierType: identifierTypes.add(index, names: type.referenceNames)
                    default: break  // not in supportedKinds: caught by RuleDispatcherTests
                    }
                }
            }
        }
    }

    private var rules: [any SwiftVisitor]
    private let file: SwiftFile
    private let plan: Plan

    init(plan: Plan, file: SwiftFile) {
        self.rules = plan.ruleTypes.map { $0.init() }
        self.plan = plan
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    convenience init(ruleTypes: [any SwiftVisitor.Type], file: SwiftFile) {
        self.init(plan: Plan(ruleTypes), file: file)
    }

    func run() {
        walk(file.tree)
        for index in rules.indices { rules[index].finish(in: file) }
    }

    /// Routes a named node (a call, reference, member access, assignment or type) to the rules that want it: the
    /// name is worked out once, and only the rules that want that name, or every name, see the node. Registry order
    /// is kept, so reports come out the same however names are routed.
    private func routed(_ route: Route, name: @autoclosure () -> String?) -> [Int] {
        if route.byName.isEmpty { return route.unfiltered }
        let named = name().flatMap { route.byName[$0] } ?? []
        if route.unfiltered.isEmpty { return named }
        if named.isEmpty { return route.unfiltered }
        return (route.unfiltered + named).sorted()
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !plan.calls.isEmpty {
            for index in routed(plan.calls, name: node.calledName) { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !plan.references.isEmpty {
            for index in routed(plan.references, name: node.baseName.text) { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if !plan.memberAccesses.isEmpty {
            for index in routed(plan.memberAccesses, name: node.declName.baseName.text) {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        for index in plan.stringLiterals { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !plan.sequences.isEmpty {
            for index in routed(plan.sequences, name: node.simpleAssignment?.target.lastName) {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: AssignmentExprSyntax) -> SyntaxVisitorContinueKind {
        if !plan.assignments.isEmpty {
            for index in routed(plan.assignments, name: node.targetAndValues?.target.lastName) {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        for index in plan.binaryOperators { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        for index in plan.attributes { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        for index in plan.functionDecls { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        for index in plan.functionParameters { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if !plan.identifierTypes.isEmpty {
            for index in routed(plan.identifierTypes, name: node.name.text) { rules[index].visit(node, in: file) }
        }
        return .visitChildren
    }

    // Tokens are half of all nodes and no rule wants them.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
