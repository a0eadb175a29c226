import SwiftSyntax

/// A walk over the member level of a source file that knows which named type it is in (nested names joined with
/// dots). Function bodies are skipped: nothing declared there is a member. Subclasses decide per type or
/// extension whether to look inside (`enter`).
class TypeScopeVisitor: SyntaxVisitor {
    private(set) var typeStack: [String] = []
    private var entered: [Bool] = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// The dotted name of the innermost type, or nil at file level.
    var currentType: String? { typeStack.isEmpty ? nil : typeStack.joined(separator: ".") }

    /// Called for each type and extension with its name and inheritance clause; false skips its members.
    func enter(_ name: String, inheritance: InheritanceClauseSyntax?, isExtension: Bool) -> Bool { true }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, isExtension: false)
    }
    override func visitPost(_ node: StructDeclSyntax) { pop() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, isExtension: false)
    }
    override func visitPost(_ node: ClassDeclSyntax) { pop() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, isExtension: false)
    }
    override func visitPost(_ node: EnumDeclSyntax) { pop() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.extendedType.trimmedDescription, node.inheritanceClause, isExtension: true)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { pop() }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func push(_ name: String, _ clause: InheritanceClauseSyntax?, isExtension: Bool)
        -> SyntaxVisitorContinueKind
    {
        typeStack.append(name)
        let inside = enter(name, inheritance: clause, isExtension: isExtension)
        entered.append(inside)
        if !inside { typeStack.removeLast() }
        return inside ? .visitChildren : .skipChildren
    }

    // `visitPost` runs for skipped nodes too; only what was entered is on the stack.
    private func pop() {
        if entered.removeLast() { typeStack.removeLast() }
    }
}
