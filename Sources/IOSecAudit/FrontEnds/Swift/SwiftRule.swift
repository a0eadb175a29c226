import SwiftSyntax

/// A rule over Swift source. The scanner parses each file once and walks its tree once; during that walk it
/// hands every node of a kind the rule has a hook for to that hook.
///
/// ```swift
/// struct UIWebViewRule: SwiftRule {
///     static let description = RuleDescription(id: "platform.uiwebview", …)
///     static let referenceNames: Set<String>? = ["UIWebView", "UIWebViewDelegate"]
///     mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile) { report(file, at: node, "…") }
/// }
/// ```
public protocol SwiftRule: SwiftVisitor {
    static var description: RuleDescription { get }
}

/// Anything that takes part in the one walk over a Swift file: rules, and fact collectors that feed
/// project rules (`file.record(kind:value:at:)`) without reporting findings themselves.
///
/// A visitor implements the typed hooks for the node kinds it wants (`visit(_: FunctionCallExprSyntax, in:)`, …);
/// that is its whole subscription. `SwiftHooks.generated.swift` lists, per visitor, the hooks it implements, and
/// `SwiftHooksGeneratedTests` fails when that list is stale, so a hook can never be written and silently not
/// called. A fresh instance is made for each file, so a visitor may keep per-file state and conclude in
/// `finish(in:)`.
public protocol SwiftVisitor: Sendable {
    /// The node kinds whose hooks this visitor implements: generated from the source (`SwiftHooks.generated.swift`).
    static var nodeKinds: Set<SyntaxKind> { get }
    /// When set, calls reach `visit(_: FunctionCallExprSyntax, in:)` only if their `calledName` is one of these:
    /// the dispatcher works the name out once per call instead of once per rule. Other node kinds are unaffected.
    /// `init` matches only a call with a type in front (`PrivateKey.init(…)`): a bare `.init(…)` names no type.
    static var calleeNames: Set<String>? { get }
    /// With `calleeNames`: calls also reach the hook when an argument has one of these labels (`key:` in any
    /// `encrypt(data, key: k)`). Either set alone filters calls.
    static var argumentLabels: Set<String>? { get }
    /// The same for references (`DeclReferenceExprSyntax`) by their base name, and for type references
    /// (`IdentifierTypeSyntax`) by the type's name.
    static var referenceNames: Set<String>? { get }
    /// The same for member accesses (`MemberAccessExprSyntax`), by the member's name (`MD5` in `Insecure.MD5`).
    static var memberNames: Set<String>? { get }
    /// The same for assignments (`SequenceExprSyntax` and `AssignmentExprSyntax`): only `target = value` whose
    /// target's last name is one of these (`tlsMinimumSupportedProtocolVersion` in `config.tls… = .TLSv10`).
    static var assignedNames: Set<String>? { get }
    /// The same for binary operators (`BinaryOperatorExprSyntax`), by the operator's text (`==`).
    static var operatorNames: Set<String>? { get }
    /// The same for function parameters (`FunctionParameterSyntax`), by the parameter's name (its second name when
    /// it has one), ignoring case: give the names in lower case.
    static var parameterNames: Set<String>? { get }
    /// The same for attributes (`AttributeSyntax`), by the attribute's plain name (`AppStorage`); attributes named
    /// with a module (`@SwiftUI.AppStorage`) reach only unfiltered visitors.
    static var attributeNames: Set<String>? { get }
    /// String literals reach `visit(_: StringLiteralExprSyntax, in:)` only when their text is at least this long,
    /// counting each interpolation as one byte (`StringLiteralExprSyntax.pieceLength`): a shorter one is never made.
    /// Most literals in an app are short keys and labels.
    static var minimumLiteralLength: Int { get }
    /// Then only when this says yes to the literal, read from the raw tree (`LiteralCandidate`): its text, its
    /// segments, the nodes above it. A test here may say yes to a literal the hook then passes over, never no to one
    /// it would report.
    static func wantsLiteral(_ literal: LiteralCandidate) -> Bool
    /// Function declarations reach `visit(_: FunctionDeclSyntax, in:)` only when this says yes to their name (the
    /// text of the name token, backticks kept): most functions are not the delegate callbacks rules look for, and a
    /// declaration no visitor wants is never made.
    static func wantsFunction(named name: String) -> Bool
    /// With `calleeNames` or `argumentLabels`: calls reach `visit(_: FunctionCallExprSyntax, in:)` only when this
    /// says yes to the raw call (`CallCandidate`). A test here may say yes to a call the hook then passes over,
    /// never no to one it would report.
    static func wantsCall(_ call: CallCandidate) -> Bool
    /// With `operatorNames`: binary operators reach the hook only when this says yes to their operands' shapes, as
    /// the dispatcher reads them without making the nodes. Most comparisons in an app are with `nil`, `0`, `true` or
    /// an enum case; a rule about what is compared with what (`password == "1234"`) wants none of those.
    static func wantsOperator(between left: OperandShape, and right: OperandShape) -> Bool
    /// With `operatorNames`: false when `wantsOperator` says no to every operator with `nil`, a number or a Boolean
    /// right of it. The pre-pass then leaves such operators unmarked, and the walk need not reach them
    /// (`RuleDispatcherTests` checks that the two agree).
    static var wantsPlainLiteralOnTheRight: Bool { get }
    /// True when `finish` may report or record something in a file where the visitor was handed no node (it reads the
    /// tree itself). Other visitors are made only when the walk first hands them a node: most visitors see nothing in
    /// most files, and making all of them for every file cost more than some rules (`RuleDispatcherTests` checks
    /// that a visitor that says false finishes an unvisited file with nothing).
    static var finishesWithoutVisits: Bool { get }
    init()
    mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: MemberAccessExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: SequenceExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: AssignmentExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile)
    mutating func visit(_ node: AttributeSyntax, in file: SwiftFile)
    mutating func visit(_ node: FunctionDeclSyntax, in file: SwiftFile)
    mutating func visit(_ node: FunctionParameterSyntax, in file: SwiftFile)
    mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile)
    /// Called once after the whole file was walked.
    mutating func finish(in file: SwiftFile)
}

/// What the dispatcher tells a visitor about an operand of a binary operator before the node is made
/// (`SwiftVisitor.wantsOperator(between:and:)`), seen through `try`, `await`, `!` and `?`.
public enum OperandShape: Sendable, Hashable {
    /// `nil`, a number or a Boolean: it names nothing and holds no value a rule asks about.
    case plainLiteral
    /// An implicit member, by its name: `.none`, `.password`.
    case implicitMember(String)
    /// Anything else, parentheses and casts included, and an operand that is missing.
    case other
}

extension SwiftVisitor {
    public static var calleeNames: Set<String>? { nil }
    public static var argumentLabels: Set<String>? { nil }
    public static var referenceNames: Set<String>? { nil }
    public static var memberNames: Set<String>? { nil }
    public static var assignedNames: Set<String>? { nil }
    public static var operatorNames: Set<String>? { nil }
    public static var parameterNames: Set<String>? { nil }
    public static var attributeNames: Set<String>? { nil }
    public static var minimumLiteralLength: Int { 0 }
    public static func wantsLiteral(_ literal: LiteralCandidate) -> Bool { true }
    public static func wantsFunction(named name: String) -> Bool { true }
    public static func wantsCall(_ call: CallCandidate) -> Bool { true }
    public static func wantsOperator(between left: OperandShape, and right: OperandShape) -> Bool { true }
    public static var wantsPlainLiteralOnTheRight: Bool { true }
    public static var finishesWithoutVisits: Bool { false }
    public mutating func visit(_ node: FunctionCallExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: DeclReferenceExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: MemberAccessExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: StringLiteralExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: SequenceExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: AssignmentExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: BinaryOperatorExprSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: AttributeSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: FunctionDeclSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: FunctionParameterSyntax, in file: SwiftFile) {}
    public mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile) {}
    public mutating func finish(in file: SwiftFile) {}
}

extension SwiftRule {

    /// Reports a finding of this rule at `node`.
    public func report(
        _ file: SwiftFile, at node: some SyntaxProtocol, _ message: String,
        severity: Severity? = nil, confidence: Confidence? = nil, evidence: Evidence = .api, flow: [FlowStep] = []
    ) {
        file.report(
            Self.description, at: node, message: message, severity: severity, confidence: confidence,
            evidence: evidence, flow: flow)
    }

    /// Reports a flow finding at `node`: the traced `steps` from the value's source, then `node` itself as the sink,
    /// described by `sink` ("used as a path by `removeItem`").
    public func reportFlow(
        _ file: SwiftFile, at node: some SyntaxProtocol, _ message: String, steps: [FlowStep], sink: String,
        severity: Severity? = nil
    ) {
        report(
            file, at: node, message, severity: severity, evidence: .flow, flow: steps + [file.step(at: node, sink)])
    }
}
