import SwiftSyntax

/// A rule over Swift source. The scanner parses each file once and walks its tree once; during that walk it
/// hands every node of the kinds in `nodeKinds` to the rule. A fresh instance is made for each file, so a
/// rule may keep per-file state and conclude in `finish(in:)`.
///
/// ```swift
/// struct UIWebViewRule: SwiftRule {
///     static let description = RuleDescription(id: "platform.uiwebview", …)
///     static let nodeKinds: Set<SyntaxKind> = [.identifierType, .declReferenceExpr]
///     mutating func visit(_ node: Syntax, in file: SwiftFile) { … file.report(Self.description, at: node, message: …) }
/// }
/// ```
public protocol SwiftRule: SwiftVisitor {
    static var description: RuleDescription { get }
}

/// Anything that takes part in the one walk over a Swift file: rules, and fact collectors that feed
/// project rules (`file.record(kind:value:at:)`) without reporting findings themselves.
public protocol SwiftVisitor: Sendable {
    /// The syntax node kinds this visitor wants to see.
    static var nodeKinds: Set<SyntaxKind> { get }
    /// When set, calls (`functionCallExpr` nodes) reach this visitor only if their `calledName` is one of these:
    /// the dispatcher works the name out once per call instead of once per rule. Other node kinds are unaffected.
    static var calleeNames: Set<String>? { get }
    /// The same for references (`declReferenceExpr` nodes) by their base name, and for type references
    /// (`identifierType` nodes) by the type's name.
    static var referenceNames: Set<String>? { get }
    /// The same for member accesses (`memberAccessExpr` nodes), by the member's name (`MD5` in `Insecure.MD5`).
    static var memberNames: Set<String>? { get }
    /// The same for assignments (`sequenceExpr` and `assignmentExpr` nodes): only `target = value` whose target's
    /// last name is one of these (`tlsMinimumSupportedProtocolVersion` in `config.tls… = .TLSv10`).
    static var assignedNames: Set<String>? { get }
    init()
    mutating func visit(_ node: Syntax, in file: SwiftFile)
    /// Called once after the whole file was walked.
    mutating func finish(in file: SwiftFile)
}

extension SwiftVisitor {
    public static var calleeNames: Set<String>? { nil }
    public static var referenceNames: Set<String>? { nil }
    public static var memberNames: Set<String>? { nil }
    public static var assignedNames: Set<String>? { nil }
    public mutating func finish(in file: SwiftFile) {}
}

extension SwiftRule {

    /// Reports a finding of this rule at `node`.
    public func report(
        _ file: SwiftFile, at node: some SyntaxProtocol, _ message: String,
        severity: Severity? = nil, confidence: Confidence? = nil
    ) {
        file.report(Self.description, at: node, message: message, severity: severity, confidence: confidence)
    }
}
