import SwiftSyntax

/// A rule over Swift source. The scanner parses each file once and walks its tree once; during that walk it
/// hands every node of a kind the rule has a hook for to that hook.
///
/// ```swift
/// struct UIWebViewRule: SwiftRule {
///     static let description = RuleDescription(id: "platform.uiwebview", …)
///     static let subscription = Subscription(types: ["UIWebView", "UIWebViewDelegate"])
///     mutating func visit(_ node: IdentifierTypeSyntax, in file: SwiftFile) { report(file, at: node, "…") }
/// }
/// ```
public protocol SwiftRule: SwiftVisitor {
    static var description: RuleDescription { get }
}

/// Anything that takes part in the one walk over a Swift file: rules, and fact collectors that feed
/// project rules (`file.record(kind:value:at:)`) without reporting findings themselves.
///
/// A visitor implements the typed hooks for the node kinds it wants (`visit(_: FunctionCallExprSyntax, in:)`, …)
/// and may narrow what of those kinds it is handed with one `Subscription` value. `SwiftHooks.generated.swift` lists, per visitor, the hooks it implements, and
/// `SwiftHooksGeneratedTests` fails when that list is stale, so a hook can never be written and silently not
/// called. A fresh instance is made for each file, so a visitor may keep per-file state and conclude in
/// `finish(in:)`.
public protocol SwiftVisitor: Sendable {
    /// The node kinds whose hooks this visitor implements: generated from the source (`SwiftHooks.generated.swift`).
    static var nodeKinds: Set<SyntaxKind> { get }
    /// What of those kinds it wants: names, labels, lengths and tests on the raw tree, as one value the dispatcher
    /// compiles (`Subscription`). The default takes every node of its kinds.
    static var subscription: Subscription { get }
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
/// (`Subscription.Operators`), seen through `try`, `await`, `!` and `?`.
public enum OperandShape: Sendable, Hashable {
    /// `nil`, a number or a Boolean: it names nothing and holds no value a rule asks about.
    case plainLiteral
    /// An implicit member, by its name: `.none`, `.password`.
    case implicitMember(String)
    /// Anything else, parentheses and casts included, and an operand that is missing.
    case other
}

extension SwiftVisitor {
    public static var subscription: Subscription { Subscription() }
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
