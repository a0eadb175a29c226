import SwiftSyntax

/// What a Swift visitor wants to be handed, declared as one value that the dispatcher compiles into its routes and
/// the pre-pass into the marks that let the walk skip the rest of a file.
///
/// ```swift
/// static let subscription = Subscription(
///     calls: .named(["SecItemAdd", "SecItemUpdate"]),
///     references: ["kSecAttrAccessibleAlways"],
///     literals: .atLeast(8, where: { $0.firstSegmentHasPrefix("http://") }))
/// ```
///
/// Each part applies only to the node kinds the visitor has a hook for (`nodeKinds`, generated from the hooks);
/// a part left out lets every node of its kind through. The tests (`where:`) run on the raw tree before a node is
/// made: a test may say yes to a node the hook then passes over, never no to one it would report.
/// `RuleDispatcherTests` fails when a visitor narrows a kind it has no hook for.
public struct Subscription: Sendable {
    /// Calls (`FunctionCallExprSyntax`).
    public var calls: Calls
    /// References (`DeclReferenceExprSyntax`), by their base name.
    public var references: Set<String>?
    /// Type references (`IdentifierTypeSyntax`), by the type's name.
    public var types: Set<String>?
    /// Member accesses (`MemberAccessExprSyntax`), by the member's name (`MD5` in `Insecure.MD5`).
    public var members: Set<String>?
    /// Assignments (`SequenceExprSyntax` and `AssignmentExprSyntax`): only `target = value` whose target's last name
    /// is one of these (`tlsMinimumSupportedProtocolVersion` in `config.tls… = .TLSv10`).
    public var assignments: Set<String>?
    /// Binary operators (`BinaryOperatorExprSyntax`).
    public var operators: Operators
    /// Function parameters (`FunctionParameterSyntax`), by the name the body knows them by (the second name when
    /// there is one), ignoring case: give the names in lower case.
    public var parameters: Set<String>?
    /// Attributes (`AttributeSyntax`), by their plain name (`AppStorage`); attributes named with a module
    /// (`@SwiftUI.AppStorage`) reach only visitors that take every attribute.
    public var attributes: Set<String>?
    /// String literals (`StringLiteralExprSyntax`).
    public var literals: Literals
    /// Function declarations (`FunctionDeclSyntax`), by the text of their name token (backticks kept): most
    /// functions are not the callbacks rules look for, and a declaration no visitor wants is never made.
    public var functions: (@Sendable (String) -> Bool)?
    /// True when `finish` may report or record something in a file where the visitor was handed no node (it reads
    /// the tree itself). Other visitors are made only when the walk first hands them a node: most visitors see
    /// nothing in most files (`RuleDispatcherTests` checks that a visitor without this finishes an unvisited file
    /// with nothing).
    public var finishesWithoutVisits: Bool

    public init(
        calls: Calls = .all, references: Set<String>? = nil, types: Set<String>? = nil, members: Set<String>? = nil,
        assignments: Set<String>? = nil, operators: Operators = .all, parameters: Set<String>? = nil,
        attributes: Set<String>? = nil, literals: Literals = .all, functions: (@Sendable (String) -> Bool)? = nil,
        finishesWithoutVisits: Bool = false
    ) {
        self.calls = calls
        self.references = references
        self.types = types
        self.members = members
        self.assignments = assignments
        self.operators = operators
        self.parameters = parameters
        self.attributes = attributes
        self.literals = literals
        self.functions = functions
        self.finishesWithoutVisits = finishesWithoutVisits
    }

    /// Which calls reach the hook: those whose `calledName` is in `names`, or that have an argument labelled with one
    /// of `labels` (`key:` in any `encrypt(data, key: k)`); then only those `filter` says yes to. The dispatcher
    /// works a call's name out once per call instead of once per visitor. `init` matches only a call with a type in
    /// front (`PrivateKey.init(…)`): a bare `.init(…)` names no type.
    public struct Calls: Sendable {
        public var names: Set<String>?
        public var labels: Set<String>?
        public var filter: (@Sendable (CallCandidate) -> Bool)?

        public static let all = Calls(names: nil, labels: nil, filter: nil)

        public static func named(
            _ names: Set<String>, orLabelled labels: Set<String>? = nil,
            where filter: (@Sendable (CallCandidate) -> Bool)? = nil
        ) -> Calls {
            Calls(names: names, labels: labels, filter: filter)
        }

        public static func labelled(_ labels: Set<String>, where filter: (@Sendable (CallCandidate) -> Bool)? = nil)
            -> Calls
        {
            Calls(names: nil, labels: labels, filter: filter)
        }

        var isNarrowed: Bool { names != nil || labels != nil || filter != nil }
    }

    /// Which binary operators reach the hook: those whose text is in `names`, and, when `plainLiteralOperands` is
    /// false, not next to `nil`, a number or a Boolean (most comparisons in an app are with `nil`, `0` or `true`:
    /// the pre-pass then leaves them unmarked and the walk need not reach them); then only those `filter` says yes to,
    /// given their operands' shapes as the dispatcher reads them without making the nodes.
    public struct Operators: Sendable {
        public var names: Set<String>?
        public var plainLiteralOperands: Bool
        public var filter: (@Sendable (OperandShape, OperandShape) -> Bool)?

        public static let all = Operators(names: nil, plainLiteralOperands: true, filter: nil)

        public static func named(
            _ names: Set<String>, plainLiteralOperands: Bool = true,
            where filter: (@Sendable (OperandShape, OperandShape) -> Bool)? = nil
        ) -> Operators {
            Operators(names: names, plainLiteralOperands: plainLiteralOperands, filter: filter)
        }

        var isNarrowed: Bool { names != nil || !plainLiteralOperands || filter != nil }

        /// Whether an operator between operands of these shapes reaches the hook.
        func accepts(_ left: OperandShape, _ right: OperandShape) -> Bool {
            if !plainLiteralOperands, left == .plainLiteral || right == .plainLiteral { return false }
            return filter?(left, right) ?? true
        }
    }

    /// Which string literals reach the hook: those whose text is at least `minimumLength` long, counting each
    /// interpolation as one byte (`StringLiteralExprSyntax.pieceLength`), a shorter one is never made (most literals
    /// in an app are short keys and labels); then only those `filter` says yes to, read from the raw tree
    /// (`LiteralCandidate`: the text, the segments, the nodes above).
    public struct Literals: Sendable {
        public var minimumLength: Int
        public var filter: (@Sendable (LiteralCandidate) -> Bool)?

        public static let all = Literals(minimumLength: 0, filter: nil)

        public static func atLeast(_ minimumLength: Int, where filter: (@Sendable (LiteralCandidate) -> Bool)? = nil)
            -> Literals
        {
            Literals(minimumLength: minimumLength, filter: filter)
        }

        var isNarrowed: Bool { minimumLength > 0 || filter != nil }
    }

    /// The node kinds this subscription narrows: a visitor without a hook for one of them has declared a filter
    /// that does nothing (`RuleDispatcherTests` checks every registered visitor).
    var narrowedKinds: Set<SyntaxKind> {
        var kinds: Set<SyntaxKind> = []
        if calls.isNarrowed { kinds.insert(.functionCallExpr) }
        if references != nil { kinds.insert(.declReferenceExpr) }
        if types != nil { kinds.insert(.identifierType) }
        if members != nil { kinds.insert(.memberAccessExpr) }
        if operators.isNarrowed { kinds.insert(.binaryOperatorExpr) }
        if parameters != nil { kinds.insert(.functionParameter) }
        if attributes != nil { kinds.insert(.attribute) }
        if literals.isNarrowed { kinds.insert(.stringLiteralExpr) }
        if functions != nil { kinds.insert(.functionDecl) }
        return kinds
    }
}
