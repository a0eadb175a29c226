import SwiftSyntax

/// The function or property a finding sits in, when only code that names it can run it: not an override, not
/// `@objc` / Interface Builder / Core Data (the runtime calls those by selector), not a delegate callback
/// (`func locationManager(_ manager: CLLocationManager, …)`, Cocoa's naming). A member of a type or extension that
/// declares conformances may satisfy one of their requirements: it carries their names, and counts as uncalled only
/// when each is a protocol of the project's own. The project pass (`UnreferencedDeclarations`) then looks for its
/// name anywhere else in the scanned code.
enum CallableOwner {
    struct Owner: Equatable {
        var name: String
        /// `public` or `open`: a library's clients outside the scan may call it.
        var isPublic: Bool
        /// The types named in the inheritance clause of its type or extension (`SyncDelegate`), if any.
        var conformances: [String] = []
    }

    static func of(_ node: some SyntaxProtocol) -> Owner? {
        var current = Syntax(node).parent
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) { return owner(function) }
            if let variable = n.as(VariableDeclSyntax.self), !isLocal(variable) { return owner(variable) }
            if n.is(InitializerDeclSyntax.self) || n.is(DeinitializerDeclSyntax.self) || n.is(SubscriptDeclSyntax.self)
                || n.is(MemberBlockSyntax.self) || n.is(SourceFileSyntax.self)
            {
                return nil
            }
            current = n.parent
        }
        return nil
    }

    private static func owner(_ function: FunctionDeclSyntax) -> Owner? {
        guard case .identifier(let name) = function.name.tokenKind, name != "main",
            let isPublic = access(function.modifiers), runtimeAttributes(function.attributes) == false,
            let conformances = conformances(around: function)
        else { return nil }
        // Cocoa's delegate naming: the method is named for the object that calls it (`tableView(_ tableView:
        // UITableView, …)`, `urlSession(_:…)`, `application(_:open:options:)`).
        if let first = function.signature.parameterClause.parameters.first, first.firstName.tokenKind == .wildcard,
            let type = first.type.as(IdentifierTypeSyntax.self)?.name.text
                ?? first.type.as(MemberTypeSyntax.self)?.name.text,
            type.lowercased().hasSuffix(name.lowercased())
        {
            return nil
        }
        return Owner(name: name, isPublic: isPublic, conformances: conformances)
    }

    private static func owner(_ variable: VariableDeclSyntax) -> Owner? {
        guard variable.bindings.count == 1,
            let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let isPublic = access(variable.modifiers), runtimeAttributes(variable.attributes) == false,
            let conformances = conformances(around: variable)
        else { return nil }
        return Owner(name: name, isPublic: isPublic, conformances: conformances)
    }

    /// nil for an override or a `dynamic` member; otherwise whether it is `public` or `open`.
    private static func access(_ modifiers: DeclModifierListSyntax) -> Bool? {
        var isPublic = false
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.override), .keyword(.dynamic), .keyword(.optional), .keyword(.required): return nil
            case .keyword(.public), .keyword(.open): isPublic = true
            default: break
            }
        }
        return isPublic
    }

    /// Attributes by which the runtime reaches a declaration without naming it in code.
    private static func runtimeAttributes(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return true }
            return name.hasPrefix("objc") || name.hasPrefix("IB") || name.hasPrefix("_") || name == "NSManaged"
                || name == "main" || name == "GKInspectable"
        }
    }

    /// The inheritance clause of the type or extension around a member: empty for one that conforms to nothing, a
    /// global, or a protocol extension's member; nil for a protocol's own requirement, a constrained extension, or a
    /// clause that names something other than plain type names (`Base<T>`, `Module.Type`).
    private static func conformances(around decl: some SyntaxProtocol) -> [String]? {
        guard let type = decl.enclosingTypeDecl else { return isInsideProtocol(decl) ? nil : [] }
        let clause: InheritanceClauseSyntax?
        if let c = type.as(ClassDeclSyntax.self) {
            clause = c.inheritanceClause
        } else if let s = type.as(StructDeclSyntax.self) {
            clause = s.inheritanceClause
        } else if let e = type.as(EnumDeclSyntax.self) {
            clause = e.inheritanceClause
        } else if let a = type.as(ActorDeclSyntax.self) {
            clause = a.inheritanceClause
        } else if let x = type.as(ExtensionDeclSyntax.self), x.genericWhereClause == nil {
            clause = x.inheritanceClause
        } else {
            return nil
        }
        guard let clause else { return [] }
        var names: [String] = []
        for inherited in clause.inheritedTypes {
            guard let name = inherited.type.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil else {
                return nil
            }
            names.append(name.name.text)
        }
        return names
    }

    private static func isInsideProtocol(_ decl: some SyntaxProtocol) -> Bool {
        var current = Syntax(decl).parent
        while let n = current {
            if n.is(ProtocolDeclSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    /// A `let` / `var` in a function body or closure, rather than a property or a global.
    private static func isLocal(_ variable: VariableDeclSyntax) -> Bool {
        guard let item = variable.parent?.as(CodeBlockItemSyntax.self) else { return false }
        return item.parent?.parent?.is(SourceFileSyntax.self) != true
    }
}
