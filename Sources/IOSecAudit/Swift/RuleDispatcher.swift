import Dispatch
@_spi(RawSyntax) import SwiftSyntax

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
    /// names, and for calls the rules that want certain argument labels.
    struct Route: Sendable {
        var unfiltered: [Int] = []
        var byName: [String: [Int]] = [:]
        var byLabel: [String: [Int]] = [:]
        /// The names in `byName` and `byLabel`, for a check on the token's bytes before a `String` is made and
        /// hashed: most references and calls are to names no rule wants.
        var names = NameFilter()
        var labels = NameFilter()
        var isEmpty: Bool { unfiltered.isEmpty && byName.isEmpty && byLabel.isEmpty }

        mutating func add(_ index: Int, names: Set<String>?, labels: Set<String>? = nil) {
            guard names != nil || labels != nil else {
                unfiltered.append(index)
                return
            }
            for name in names ?? [] {
                byName[name, default: []].append(index)
                self.names.insert(name)
            }
            for label in labels ?? [] {
                byLabel[label, default: []].append(index)
                self.labels.insert(label)
            }
        }

        /// Whether a node with this name can reach any rule.
        func wants(_ name: SyntaxText?) -> Bool {
            !unfiltered.isEmpty || (name.map(names.mayContain) ?? false)
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
                    case .functionCallExpr: calls.add(index, names: type.calleeNames, labels: type.argumentLabels)
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
    /// Answers shared between the rules of this file (the container fills of a body).
    private let memo: AnalysisMemo

    /// When the walk must stop (`DispatchTime` nanoseconds), and whether it did: a file whose rules run past the
    /// per-file time limit is left unfinished rather than holding up the scan.
    private let deadline: UInt64?
    private(set) var stoppedAtLine: Int?
    private var ticks = 0

    init(plan: Plan, file: SwiftFile, deadline: UInt64? = nil) {
        self.deadline = deadline
        self.rules = plan.ruleTypes.map { $0.init() }
        self.plan = plan
        self.file = file
        self.memo = AnalysisMemo(source: file.bytes, constants: file.constants)
        super.init(viewMode: .sourceAccurate)
    }

    convenience init(ruleTypes: [any SwiftVisitor.Type], file: SwiftFile) {
        self.init(plan: Plan(ruleTypes), file: file)
    }

    func run() {
        AnalysisMemo.$current.withValue(memo) {
            walk(file.tree)
            // Conclusions drawn from half a file could be wrong (a handler whose evaluation was never reached).
            guard stoppedAtLine == nil else { return }
            for index in rules.indices { rules[index].finish(in: file) }
        }
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
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        let nameText = node.calledNameText
        let targets = routedCall(node, name: nameText)
        for index in targets { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    /// The rules a call reaches: by its name, or by an argument label.
    private func routedCall(_ node: FunctionCallExprSyntax, name: SyntaxText?) -> [Int] {
        var targets = plan.calls.wants(name) ? routed(plan.calls, name: name.map { String(syntaxText: $0) }) : []
        guard !plan.calls.byLabel.isEmpty else { return targets }
        var added = false
        for label in node.argumentLabelTexts {
            guard plan.calls.labels.mayContain(label),
                let rules = plan.calls.byLabel[String(syntaxText: label)]
            else { continue }
            targets += rules
            added = true
        }
        return added ? Array(Set(targets)).sorted() : targets
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        let nameText = node.baseName.rawText
        if plan.references.wants(nameText) {
            let targets = routed(plan.references, name: String(syntaxText: nameText))
            for index in targets {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        let nameText = node.declName.baseName.rawText
        if plan.memberAccesses.wants(nameText) {
            let targets = routed(plan.memberAccesses, name: String(syntaxText: nameText))
            for index in targets {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        for index in plan.stringLiterals { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        if !plan.sequences.isEmpty, case let assigned = node.simpleAssignment?.target,
            plan.sequences.wants(assigned?.lastNameText)
        {
            let targets = routed(plan.sequences, name: assigned?.lastName)
            for index in targets {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: AssignmentExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        if !plan.assignments.isEmpty, case let assigned = node.targetAndValues?.target,
            plan.assignments.wants(assigned?.lastNameText)
        {
            let targets = routed(plan.assignments, name: assigned?.lastName)
            for index in targets {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        for index in plan.binaryOperators { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        for index in plan.attributes { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        for index in plan.functionDecls { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        for index in plan.functionParameters { rules[index].visit(node, in: file) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        guard stoppedAtLine == nil else { return .skipChildren }  // past the time limit
        let nameText = node.name.rawText
        if plan.identifierTypes.wants(nameText) {
            let targets = routed(plan.identifierTypes, name: String(syntaxText: nameText))
            for index in targets {
                rules[index].visit(node, in: file)
            }
        }
        return .visitChildren
    }

    // Tokens are half of all nodes and no rule wants them; they pace the clock.
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if let deadline, stoppedAtLine == nil {
            ticks &+= 1
            if ticks & 1023 == 0, DispatchTime.now().uptimeNanoseconds > deadline {
                stoppedAtLine = file.position(of: token).line
            }
        }
        return .skipChildren
    }
}

/// A set of names tested on a token's bytes: by length, first and last byte (case folded), in a bit table. It may
/// say yes to a name not in the set (the dictionary then decides), never no to one in it.
struct NameFilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: 512)

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        min(count, 31) << 10 | Int(first & 31) << 5 | Int(last & 31)
    }

    mutating func insert(_ name: String) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, let last = bytes.last else { return }
        let slot = Self.slot(count: bytes.count, first: first, last: last)
        bits[slot >> 6] |= 1 << UInt64(slot & 63)
    }

    func mayContain(_ text: SyntaxText) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        return mayContain(count: text.count, first: first, last: last)
    }

    /// The same test for a name given by its length and its first and last bytes.
    func mayContain(count: Int, first: UInt8, last: UInt8) -> Bool {
        let slot = Self.slot(count: count, first: first, last: last)
        return bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }
}
