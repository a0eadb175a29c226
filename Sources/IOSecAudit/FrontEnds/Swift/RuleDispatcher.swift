import Dispatch
@_spi(RawSyntax) import SwiftSyntax

/// Walks one file's tree once and hands each node to the rules that asked for its kind.
///
/// The walk reads the raw tree, which costs a pointer step per node, and makes `Syntax` nodes only for the nodes
/// some rule will see (and their ancestors, made once). Most of a tree is names no rule asks for, tokens and the
/// structure around them: making a `Syntax` node for each of those cost more than all the rules together.
/// Which nodes a rule sees is decided in two steps: a test on the raw node that may say yes wrongly but never no
/// wrongly, then the exact test on the made node. Rules see the same nodes, in the same order (pre-order), as a
/// `SyntaxVisitor` would show them. A subtree whose bytes meet no part of the file's `InterestMap` (no routed name,
/// operator, literal or comment) is not walked at all.
final class RuleDispatcher {
    /// The node kinds with a typed hook in `SwiftVisitor`. `RuleDispatcherTests` checks that every registered
    /// visitor's generated `nodeKinds` is among them.
    static let supportedKinds: Set<SyntaxKind> = [
        .functionCallExpr, .declReferenceExpr, .memberAccessExpr, .stringLiteralExpr, .sequenceExpr,
        .assignmentExpr, .binaryOperatorExpr, .attribute, .functionDecl, .functionParameter, .identifierType
    ]

    /// Rules for one kind; for calls, references, members and assignments also the rules that want only certain
    /// names, and for calls the rules that want certain argument labels. A class, written only while its plan is
    /// made: the walk hands a route to a look-up for every named node, and a copy of a struct of tables retained each.
    final class Route: @unchecked Sendable {
        var unfiltered: [Int] = []
        var byName: [String: [Int]] = [:]
        var byLabel: [String: [Int]] = [:]
        /// The names in `byName` and `byLabel`, for a check on the token's bytes before a `String` is made and
        /// hashed: most references and calls are to names no rule wants.
        var names = NameFilter()
        var labels = NameFilter()
        var isEmpty: Bool { unfiltered.isEmpty && byName.isEmpty && byLabel.isEmpty }

        init() {}

        func add(_ index: Int, names: Set<String>?, labels: Set<String>? = nil) {
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
        @inline(__always)
        func wants(_ name: SyntaxText?) -> Bool {
            if !unfiltered.isEmpty { return true }
            guard let name else { return false }
            return names.mayContain(name)
        }
    }

    /// Which rules see which nodes: worked out once per scan from the rule types, shared by every file. A class, so
    /// that handing it to each file's dispatcher is one reference, not a copy of every route's tables. Its
    /// properties are constants, so it is safe to share between threads, and the walk reads a route without copying
    /// it (a copy of a route retains each of its tables).
    final class Plan: @unchecked Sendable {
        let ruleTypes: [any SwiftVisitor.Type]
        /// Each visitor's tests on the raw tree, by its index (nil: it takes every node its names let through).
        let callFilters: [(@Sendable (CallCandidate) -> Bool)?]
        let operatorFilters: [Subscription.Operators]
        let literalFilters: [(@Sendable (LiteralCandidate) -> Bool)?]
        let functionFilters: [(@Sendable (String) -> Bool)?]
        let finishesWithoutVisits: [Bool]
        let calls: Route
        let references: Route
        let memberAccesses: Route
        let sequences: Route
        let assignments: Route
        let stringLiterals: [Int]
        /// Each literal rule's minimum length, in the order of `stringLiterals`, and the largest of them.
        let literalMinimums: [Int]
        let longestLiteralMinimum: Int
        let binaryOperators: Route
        let attributes: Route
        let functionDecls: [Int]
        let functionParameters: Route
        let identifierTypes: Route
        /// What the pre-pass marks for the walk to skip the rest (`InterestMap`); nil when a visitor wants every node
        /// of a named kind, which no mark could find.
        private(set) var interest: InterestFilter?

        init(_ ruleTypes: [any SwiftVisitor.Type]) {
            self.ruleTypes = ruleTypes
            let subscriptions = ruleTypes.map { $0.subscription }
            callFilters = subscriptions.map(\.calls.filter)
            operatorFilters = subscriptions.map(\.operators)
            literalFilters = subscriptions.map(\.literals.filter)
            functionFilters = subscriptions.map(\.functions)
            finishesWithoutVisits = subscriptions.map(\.finishesWithoutVisits)
            let calls = Route(), references = Route(), memberAccesses = Route(), sequences = Route()
            let assignments = Route(), binaryOperators = Route(), attributes = Route(), functionParameters = Route()
            let identifierTypes = Route()
            var stringLiterals: [Int] = [], literalMinimums: [Int] = [], functionDecls: [Int] = []
            var longestLiteralMinimum = 0
            for (index, type) in ruleTypes.enumerated() {
                let wants = subscriptions[index]
                for kind in type.nodeKinds {
                    switch kind {
                    case .functionCallExpr: calls.add(index, names: wants.calls.names, labels: wants.calls.labels)
                    case .declReferenceExpr: references.add(index, names: wants.references)
                    case .memberAccessExpr: memberAccesses.add(index, names: wants.members)
                    case .sequenceExpr: sequences.add(index, names: wants.assignments)
                    case .assignmentExpr: assignments.add(index, names: wants.assignments)
                    case .stringLiteralExpr:
                        stringLiterals.append(index)
                        literalMinimums.append(wants.literals.minimumLength)
                        longestLiteralMinimum = max(longestLiteralMinimum, wants.literals.minimumLength)
                    case .binaryOperatorExpr: binaryOperators.add(index, names: wants.operators.names)
                    case .attribute: attributes.add(index, names: wants.attributes)
                    case .functionDecl: functionDecls.append(index)
                    case .functionParameter:
                        // Parameters are matched lowercased (`Password`, `password`).
                        if functionParameters.isEmpty { functionParameters.names = NameFilter(foldingCase: true) }
                        functionParameters.add(index, names: wants.parameters)
                    case .identifierType: identifierTypes.add(index, names: wants.types)
                    default: break  // not in supportedKinds: caught by RuleDispatcherTests
                    }
                }
            }
            self.calls = calls
            self.references = references
            self.memberAccesses = memberAccesses
            self.sequences = sequences
            self.assignments = assignments
            self.stringLiterals = stringLiterals
            self.literalMinimums = literalMinimums
            self.longestLiteralMinimum = longestLiteralMinimum
            self.binaryOperators = binaryOperators
            self.attributes = attributes
            self.functionDecls = functionDecls
            self.functionParameters = functionParameters
            self.identifierTypes = identifierTypes
            interest = interestFilter()
        }

        /// The same plan without the skipping: every node is walked (what tests compare the skipping against).
        func walkingEveryNode() -> Plan {
            let plan = Plan(ruleTypes)
            plan.interest = nil
            return plan
        }

        /// Every named node a route can want holds a name of that route: a call its callee's name or a label, an
        /// assignment its target's. Literals and comments are marked whole, and function declarations by `func`.
        private func interestFilter() -> InterestFilter? {
            let named = [
                calls, references, memberAccesses, sequences, assignments, binaryOperators, attributes,
                functionParameters, identifierTypes
            ]
            guard named.allSatisfy(\.unfiltered.isEmpty) else { return nil }
            var anywhere = Set<String>()
            for route in [references, memberAccesses, attributes, identifierTypes] {
                anywhere.formUnion(route.byName.keys)
            }
            var callees = Set(calls.byName.keys), labels = Set(calls.byLabel.keys)
            var assigned = Set(sequences.byName.keys).union(assignments.byName.keys)
            // A name wanted in two roles is marked wherever it stands.
            anywhere.formUnion(callees.intersection(labels))
            anywhere.formUnion(assigned.intersection(callees.union(labels)))
            if !functionDecls.isEmpty { anywhere.insert("func") }
            callees.subtract(anywhere)
            labels.subtract(anywhere)
            assigned.subtract(anywhere)
            var filter = InterestFilter()
            for name in anywhere { filter.names.insert(name) }
            for name in assigned { filter.assignedNames.insert(name) }
            for name in functionParameters.byName.keys { filter.foldedNames.insert(name) }
            for name in callees { filter.calleeNames.insert(name) }
            for name in labels { filter.labelNames.insert(name) }
            filter.operators = binaryOperators.byName.keys.sorted().map { Array($0.utf8) }
            filter.marksOperatorsBeforePlainLiterals = binaryOperators.byName.values.joined().contains {
                operatorFilters[$0].plainLiteralOperands
            }
            filter.shortestLiteral = literalMinimums.min() ?? .max
            return filter
        }
    }

    /// The file's visitors, each made when the walk first hands it a node (or at once, when it finishes without).
    private var rules: [(any SwiftVisitor)?]
    private let file: SwiftFile
    private let plan: Plan
    /// Answers shared between the rules of this file (the container fills of a body).
    private let memo: AnalysisMemo
    private let givenInterest: InterestMap?

    /// When the walk must stop (`DispatchTime` nanoseconds), and whether it did: a file whose rules run past the
    /// per-file time limit is left unfinished rather than holding up the scan.
    private let deadline: UInt64?
    private(set) var stoppedAtLine: Int?
    /// How many nodes (tokens aside) the walk visited.
    private(set) var walkedNodes = 0

    /// The walk's own state, passed `inout` down the walk rather than kept in properties of this class: a class's
    /// properties are checked for overlapping access at run time on every use, and the walk uses them per node.
    private struct WalkState {
        /// The path from the root to the node being walked: each node's raw form and its slot in its parent's layout,
        /// by depth. Plain buffers: written once per node, they cost less than an array's checks.
        var raws: UnsafeMutablePointer<RawSyntax>
        var slots: UnsafeMutablePointer<Int>
        var capacity: Int
        /// The `Syntax` nodes made so far along the path; always a prefix of it (a node is made with its ancestors).
        var made: [MadeNode] = []
        var ticks = 0
        var stopped = false
        /// The parts of the file a subtree must meet to be walked; nil to walk every node.
        var interest: InterestMap.Cursor?
        var nodes = 0

        init(capacity: Int) {
            self.capacity = capacity
            raws = .allocate(capacity: capacity)
            slots = .allocate(capacity: capacity)
        }

        func deallocate() {
            raws.deallocate()
            slots.deallocate()
        }

        /// Sets the path entry at `depth`, making room for deeper trees as needed.
        mutating func set(depth: Int, raw: RawSyntax, slot: Int) {
            if depth >= capacity {
                let grown = capacity * 2
                let newRaws = UnsafeMutablePointer<RawSyntax>.allocate(capacity: grown)
                let newSlots = UnsafeMutablePointer<Int>.allocate(capacity: grown)
                newRaws.initialize(from: raws, count: capacity)
                newSlots.initialize(from: slots, count: capacity)
                deallocate()
                raws = newRaws
                slots = newSlots
                capacity = grown
            }
            raws[depth] = raw
            slots[depth] = slot
        }
    }

    private struct MadeNode {
        let node: Syntax
        /// Its children (made on first need), the last one handed out, and that one's slot in the layout.
        private var children: SyntaxChildren?
        private var cursor: SyntaxChildrenIndex?
        private var cursorSlot = -1

        init(node: Syntax) { self.node = node }

        /// The child in layout slot `slot` of this node, whose raw form is `raw`. `.all` children are the layout's
        /// present slots, in order; the walk asks for them in increasing order, so the search goes on from the last.
        mutating func child(atSlot slot: Int, raw: RawSyntax) -> Syntax {
            if children == nil { children = node.children(viewMode: .all) }
            var cursor = self.cursor ?? children!.startIndex
            if cursorSlot < 0 { cursorSlot = Self.nextPresentSlot(in: raw, after: -1) }
            while cursorSlot < slot {
                cursor = children!.index(after: cursor)
                cursorSlot = Self.nextPresentSlot(in: raw, after: cursorSlot)
            }
            self.cursor = cursor
            return children![cursor]
        }

        private static func nextPresentSlot(in raw: RawSyntax, after slot: Int) -> Int {
            let children = raw.layoutView!.children
            var next = slot + 1
            while next < children.count, children[next] == nil { next += 1 }
            return next
        }
    }

    /// `interest`: the file's map as the pre-pass marked it with this plan (`LexedFiles`); read now when nil.
    init(plan: Plan, file: SwiftFile, interest: InterestMap? = nil, deadline: UInt64? = nil) {
        self.deadline = deadline
        self.givenInterest = interest
        self.rules = zip(plan.ruleTypes, plan.finishesWithoutVisits).map { $1 ? $0.init() : nil }
        self.plan = plan
        self.file = file
        self.memo = AnalysisMemo(source: file.bytes, path: file.path, constants: file.constants, names: file.names)
    }

    convenience init(ruleTypes: [any SwiftVisitor.Type], file: SwiftFile) {
        self.init(plan: Plan(ruleTypes), file: file)
    }

    func run() {
        AnalysisMemo.$current.withValue(memo) {
            let root = Syntax(file.tree)
            var state = WalkState(capacity: 256)
            defer { state.deallocate() }
            state.set(depth: 0, raw: root.raw, slot: 0)
            state.made.append(MadeNode(node: root))
            state.interest = interestMap(root.raw).map(InterestMap.Cursor.init)
            walk(root.raw, kind: root.raw.kind, depth: 0, previous: nil, start: 0, &state)
            walkedNodes = state.nodes
            // Conclusions drawn from half a file could be wrong (a handler whose evaluation was never reached).
            guard !state.stopped else { return }
            for index in rules.indices where rules[index] != nil { rules[index]!.finish(in: file) }
        }
    }

    /// The file's `InterestMap`, from the pre-pass or read now; nil when the plan cannot use one, or the tree's
    /// bytes are not the file's (then offsets would not match).
    private func interestMap(_ root: RawSyntax) -> InterestMap? {
        guard let filter = plan.interest, root.byteLength == file.bytes.count else { return nil }
        return givenInterest ?? ConstantScanner.interest(in: file.bytes, filter: filter)
    }

    // MARK: The raw walk

    /// Visits `raw`, the node at `depth` of the path, then its children. `previous` is the sibling before it, which
    /// says what an assignment assigns to. `kind` is `raw.kind`, read once by the caller: each read is a call into
    /// SwiftSyntax. `start` is its byte offset in the file.
    private func walk(
        _ raw: RawSyntax, kind: SyntaxKind, depth: Int, previous: RawSyntax?, start: Int, _ state: inout WalkState
    ) {
        if let deadline {
            state.ticks &+= 1
            if state.ticks & 1023 == 0, DispatchTime.now().uptimeNanoseconds > deadline {
                state.stopped = true
                stoppedAtLine = file.position(of: made(at: depth, &state)).line
                return
            }
        }
        state.nodes &+= 1
        visitIfWanted(raw, kind: kind, depth: depth, previous: previous, &state)
        guard let layout = raw.layoutView else { return }
        var previousChild: RawSyntax?
        var slot = -1
        var end = start
        for child in layout.children {
            slot += 1
            guard let child else { continue }
            let childStart = end
            end += child.byteLength
            // Tokens: no rule asks for them. An assignment's target is its sibling, outside its bytes.
            let childKind = child.kind
            if childKind != .token,
                childKind == .assignmentExpr || state.interest?.meets(childStart, end) ?? true
            {
                state.set(depth: depth + 1, raw: child, slot: slot)
                walk(child, kind: childKind, depth: depth + 1, previous: previousChild, start: childStart, &state)
                while state.made.count > depth + 1 { state.made.removeLast() }
                if state.stopped { return }
            }
            previousChild = child
        }
    }

    /// The `Syntax` node at `depth` of the path, made (with its ancestors) if not made yet.
    private func made(at depth: Int, _ state: inout WalkState) -> Syntax {
        if depth < state.made.count { return state.made[depth].node }
        _ = made(at: depth - 1, &state)
        let node = state.made[depth - 1].child(atSlot: state.slots[depth], raw: state.raws[depth - 1])
        state.made.append(MadeNode(node: node))
        return node
    }

    /// Hands the node to the rules that want it. Named nodes (calls, references, members, types, operators,
    /// parameters, attributes) are routed from their raw form, so a node no rule wants is never made. Assignments
    /// are tested on the raw form with a test that may pass a node no rule wants (the typed handler then decides)
    /// but never holds back one a rule wants.
    private func visitIfWanted(
        _ raw: RawSyntax, kind: SyntaxKind, depth: Int, previous: RawSyntax?, _ state: inout WalkState
    ) {
        switch kind {
        case .functionCallExpr:
            var targets = callTargets(raw)
            if !targets.isEmpty {
                let candidate = CallCandidate(raw: raw)
                targets.removeAll { plan.callFilters[$0]?(candidate) == false }
            }
            deliver(targets, as: FunctionCallExprSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .declReferenceExpr:
            let targets = routed(plan.references, text: RawDeclReferenceExprSyntax(raw)?.baseName.tokenText)
            deliver(targets, as: DeclReferenceExprSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .memberAccessExpr:
            let name = RawMemberAccessExprSyntax(raw)?.declName.baseName.tokenText
            let targets = routed(plan.memberAccesses, text: name)
            deliver(targets, as: MemberAccessExprSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .stringLiteralExpr:
            deliver(literalTargets(depth, state), as: StringLiteralExprSyntax.self, depth, &state) {
                $0.visit($1, in: file)
            }
        case .sequenceExpr:
            if mayWantSequence(raw) { visit(made(at: depth, &state).cast(SequenceExprSyntax.self)) }
        case .assignmentExpr:
            if !plan.assignments.isEmpty, mayWant(plan.assignments, target: previous) {
                visit(made(at: depth, &state).cast(AssignmentExprSyntax.self))
            }
        case .binaryOperatorExpr:
            var targets = routed(plan.binaryOperators, text: RawBinaryOperatorExprSyntax(raw)?.operator.tokenText)
            if !targets.isEmpty {
                let (left, right) = Self.operandShapes(depth, state)
                targets.removeAll { !plan.operatorFilters[$0].accepts(left, right) }
            }
            deliver(targets, as: BinaryOperatorExprSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .attribute:
            let targets = routed(plan.attributes, text: Self.attributeName(raw))
            deliver(targets, as: AttributeSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .functionDecl:
            deliver(functionTargets(raw), as: FunctionDeclSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .functionParameter:
            let targets = routed(plan.functionParameters, text: Self.parameterName(raw), lowercased: true)
            deliver(targets, as: FunctionParameterSyntax.self, depth, &state) { $0.visit($1, in: file) }
        case .identifierType:
            let targets = routed(plan.identifierTypes, text: RawIdentifierTypeSyntax(raw)?.name.tokenText)
            deliver(targets, as: IdentifierTypeSyntax.self, depth, &state) { $0.visit($1, in: file) }
        default:
            break
        }
    }

    @inline(__always)
    private func makeRule(_ index: Int) {
        if rules[index] == nil { rules[index] = plan.ruleTypes[index].init() }
    }

    /// Makes the node at `depth` as a `Node` and hands it to the rules at `targets`; makes nothing when there are
    /// none.
    private func deliver<Node: SyntaxProtocol>(
        _ targets: [Int], as type: Node.Type, _ depth: Int, _ state: inout WalkState,
        _ visit: (inout any SwiftVisitor, Node) -> Void
    ) {
        guard !targets.isEmpty else { return }
        let node = made(at: depth, &state).cast(Node.self)
        for index in targets {
            makeRule(index)
            visit(&rules[index]!, node)
        }
    }

    /// `AppStorage` for `@AppStorage("k")`; nil for a qualified name (`@SwiftUI.AppStorage`).
    private static func attributeName(_ raw: RawSyntax) -> SyntaxText? {
        guard let attribute = RawAttributeSyntax(raw) else { return nil }
        return RawIdentifierTypeSyntax(attribute.attributeName)?.name.tokenText
    }

    /// The name a parameter is known by inside the function: `key` for `using key: Data`.
    private static func parameterName(_ raw: RawSyntax) -> SyntaxText? {
        guard let parameter = RawFunctionParameterSyntax(raw) else { return nil }
        return (parameter.secondName ?? parameter.firstName).tokenText
    }

    /// The rules a call reaches: by its name, or by an argument label. `init` names a type only with one in front
    /// (`PrivateKey.init(…)`): a bare `.init(…)` reaches the rules that want every call, not those that want `init`.
    private func callTargets(_ raw: RawSyntax) -> [Int] {
        var name = FunctionCallExprSyntax.calledNameText(raw)
        if name == "init", !Self.hasExplicitBase(raw) { name = nil }
        var targets = routed(plan.calls, text: name)
        guard !plan.calls.byLabel.isEmpty else { return targets }
        var added = false
        for label in FunctionCallExprSyntax.argumentLabelTexts(raw) {
            guard plan.calls.labels.mayContain(label), let rules = plan.calls.byLabel[String(syntaxText: label)]
            else { continue }
            targets += rules
            added = true
        }
        return added ? Array(Set(targets)).sorted() : targets
    }

    /// The rules a function declaration reaches: those that want its name.
    private func functionTargets(_ raw: RawSyntax) -> [Int] {
        guard !plan.functionDecls.isEmpty, let text = RawFunctionDeclSyntax(raw)?.name.tokenText else { return [] }
        let name = String(syntaxText: text)
        return plan.functionDecls.filter { plan.functionFilters[$0]?(name) ?? true }
    }

    /// The rules a string literal reaches: those whose minimum length its text meets, and that want it.
    private func literalTargets(_ depth: Int, _ state: WalkState) -> [Int] {
        let raw = state.raws[depth]
        var targets: [Int]
        if plan.longestLiteralMinimum > 0 {
            let length = StringLiteralExprSyntax.pieceLength(raw, limit: plan.longestLiteralMinimum)
            if length >= plan.longestLiteralMinimum {
                targets = plan.stringLiterals
            } else {
                targets = []
                for (index, minimum) in zip(plan.stringLiterals, plan.literalMinimums) where minimum <= length {
                    targets.append(index)
                }
            }
        } else {
            targets = plan.stringLiterals
        }
        guard !targets.isEmpty else { return targets }
        let candidate = LiteralCandidate(path: state.raws, depth: depth)
        return targets.filter { plan.literalFilters[$0]?(candidate) ?? true }
    }

    /// The shapes of the operands next to the operator at `depth`, in its unfolded sequence.
    private static func operandShapes(_ depth: Int, _ state: WalkState) -> (OperandShape, OperandShape) {
        guard depth > 0, state.raws[depth - 1].kind == .exprList,
            let siblings = state.raws[depth - 1].layoutView?.children
        else { return (.other, .other) }
        let slot = state.slots[depth]
        return (
            slot > 0 ? shape(of: siblings[slot - 1]) : .other,
            slot + 1 < siblings.count ? shape(of: siblings[slot + 1]) : .other
        )
    }

    private static func shape(of operand: RawSyntax?) -> OperandShape {
        guard let operand, let expr = RawExpressions.peeled(operand) else { return .other }
        switch expr.kind {
        case .nilLiteralExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr:
            return .plainLiteral
        case .memberAccessExpr:
            guard let member = RawMemberAccessExprSyntax(expr), member.base == nil else { return .other }
            return .implicitMember(String(syntaxText: member.declName.baseName.tokenText))
        default:
            return .other
        }
    }

    private static func hasExplicitBase(_ call: RawSyntax) -> Bool {
        guard let callee = RawFunctionCallExprSyntax(call)?.calledExpression else { return false }
        return RawMemberAccessExprSyntax(callee)?.base != nil
    }

    private func mayWantSequence(_ raw: RawSyntax) -> Bool {
        guard !plan.sequences.isEmpty else { return false }
        // A rule that wants every sequence sees the ones that assign nothing too.
        if !plan.sequences.unfiltered.isEmpty { return true }
        guard let elements = RawSequenceExprSyntax(raw)?.elements.raw.layoutView,
            elements.children.count == 3, elements.children[1]?.kind == .assignmentExpr
        else { return false }
        return mayWant(plan.sequences, target: elements.children[0])
    }

    /// Whether an assignment to `target` may reach a rule of `route`, read from the raw target.
    private func mayWant(_ route: Route, target: RawSyntax?) -> Bool {
        guard let target else { return route.wants(nil) }
        switch RawName.lastName(of: target) {
        case .name(let text): return route.wants(text)
        case .none: return route.wants(nil)
        case .unsure: return true
        }
    }

    // MARK: Handing nodes to rules

    /// Routes a named node (a call, reference, member access, assignment or type) to the rules that want it: the
    /// name is worked out once, and only the rules that want that name, or every name, see the node. Registry order
    /// is kept, so reports come out the same however names are routed.
    private func routed(_ route: Route, text: SyntaxText?, lowercased: Bool = false) -> [Int] {
        // The byte filter first: most names reach no rule, and it spares making and hashing a `String`.
        guard route.wants(text) else { return [] }
        return routed(
            route, name: text.map { lowercased ? String(syntaxText: $0).lowercased() : String(syntaxText: $0) })
    }

    private func routed(_ route: Route, name: @autoclosure () -> String?) -> [Int] {
        if route.byName.isEmpty { return route.unfiltered }
        let named = name().flatMap { route.byName[$0] } ?? []
        if route.unfiltered.isEmpty { return named }
        if named.isEmpty { return route.unfiltered }
        return (route.unfiltered + named).sorted()
    }

    private func visit(_ node: SequenceExprSyntax) {
        let assigned = node.simpleAssignment?.target
        guard plan.sequences.wants(assigned?.lastNameText) else { return }
        for index in routed(plan.sequences, name: assigned?.lastName) {
            makeRule(index)
            rules[index]!.visit(node, in: file)
        }
    }

    private func visit(_ node: AssignmentExprSyntax) {
        let assigned = node.targetAndValues?.target
        guard plan.assignments.wants(assigned?.lastNameText) else { return }
        for index in routed(plan.assignments, name: assigned?.lastName) {
            makeRule(index)
            rules[index]!.visit(node, in: file)
        }
    }

}

/// A set of names tested on a token's bytes: by length, first and last byte (case folded), then by a 16-bit hash of
/// the whole name, each in a bit table. It may say yes to a name not in the set (the dictionary then decides), never
/// no to one in it. The hash spares most near misses a `String` and a dictionary look-up.
struct NameFilter: Sendable, Equatable {
    private var bits = [UInt64](repeating: 0, count: 512)
    private var hashBits = [UInt64](repeating: 0, count: 1024)
    /// Whether `Name` and `name` are one name: only for names compared lowercased (parameters). Otherwise the type
    /// `String` would pass where the property `string` is wanted, and `URL` where `url` is.
    private var caseMask: UInt8 = 0

    init(foldingCase: Bool = false) {
        caseMask = foldingCase ? 0x20 : 0
    }

    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        min(count, 31) << 10 | Int(first & 31) << 5 | Int(last & 31)
    }

    /// FNV-1a over the bytes (with the ASCII case bit set when folding case), folded to 16 bits.
    @inline(__always)
    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b | caseMask)) &* 0x0100_0193 }
        return Int((h >> 16) ^ (h & 0xFFFF))
    }

    mutating func insert(_ name: String) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, let last = bytes.last else { return }
        let slot = Self.slot(count: bytes.count, first: first, last: last)
        bits[slot >> 6] |= 1 << UInt64(slot & 63)
        let hash = bytes.withUnsafeBufferPointer { self.hash($0) }
        hashBits[hash >> 6] |= 1 << UInt64(hash & 63)
    }

    @inline(__always)
    func mayContain(_ text: SyntaxText) -> Bool {
        guard let base = text.baseAddress, text.count > 0 else { return false }
        return mayContain(UnsafeBufferPointer(start: base, count: text.count))
    }

    /// Both tests on a name's bytes.
    @inline(__always)
    func mayContain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last,
            mayContain(count: bytes.count, first: first, last: last)
        else { return false }
        let hash = hash(bytes)
        return hashBits[hash >> 6] & (1 << UInt64(hash & 63)) != 0
    }

    /// The first test alone, for a name given by its length and its first and last bytes.
    @inline(__always)
    func mayContain(count: Int, first: UInt8, last: UInt8) -> Bool {
        let slot = Self.slot(count: count, first: first, last: last)
        return bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }
}
