import SwiftSyntax

/// A sink whose value is read from a stored property of the app's own type: `entry.body` of `entry: JournalEntry`,
/// or `markup` inside `struct RichNoteView`. The summary "field → sink" that `CallerArgumentsStage` composes with every
/// write of the field in the project (`JournalEntry(body: …)`, `self.body = …`), in any file: a write of input from
/// outside makes the sink a flow through the stored value.
struct FieldSink: Equatable, Sendable {
    var ruleId: String
    /// The type that declares the property, as written (`JournalEntry`).
    var type: String
    var field: String
    /// What the sink does with the value, for the message ("HTML the web view renders").
    var note = ""

    /// The properties the parts of `value` are read from (`ValuePath.parts`): an injection sink cares about any.
    static func embedded(in value: ExprSyntax, ruleId: String) -> [(FieldSink, read: ExprSyntax)] {
        ValuePath.parts(of: value, limit: 16).compactMap { part in
            guard let (type, field) = field(of: part), !holdsNoText(field, read: part) else { return nil }
            return (FieldSink(ruleId: ruleId, type: type, field: field), part)
        }.prefix(limit).map { $0 }
    }

    /// At most this many properties per sink: a page built from a whole model is judged by its first few.
    static let limit = 4

    /// The type and property `expr` reads: `base.field` where `base` was declared with a type (a parameter, a local
    /// made by an initializer, a stored property with an annotation), `self.field`, or a bare stored property of the
    /// type around it. A local or parameter of that name is not a property; a type of the SDK is found by no write.
    static func field(of expr: ExprSyntax) -> (type: String, field: String)? {
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped {
            let field = member.declName.baseName.text
            guard field.first?.isLowercase == true, member.declName.argumentNames == nil else { return nil }
            if base.is(DeclReferenceExprSyntax.self),
                base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind
                    == .keyword(.self)
            {
                return enclosingTypeName(of: member).map { ($0, field) }
            }
            guard let ref = base.as(DeclReferenceExprSyntax.self) else { return nil }
            let type =
                Sensitivity.declaredType(of: base) ?? storedPropertyType(of: ref.baseName.text, near: ref)
            guard let type, type.first?.isUppercase == true else { return nil }
            return (type, field)
        }
        guard let ref = expr.as(DeclReferenceExprSyntax.self), case .identifier(let name) = ref.baseName.tokenKind,
            ref.argumentNames == nil, LocalValue.initializer(of: name, before: ref) == nil,
            ValuePath.parameter(named: name, near: ref) == nil, !Sensitivity.isParameter(name, near: ref),
            storedPropertyType(of: name, near: ref) != nil || declaresStoredProperty(name, around: ref),
            let type = enclosingTypeName(of: ref)
        else { return nil }
        return (type, name)
    }

    /// Whether the property, when it is declared in the type around its read, can hold no text a write puts in: a
    /// `let` with its value written there, or a number, a flag, a date or an identifier.
    private static func holdsNoText(_ field: String, read: ExprSyntax) -> Bool {
        if let member = read.as(MemberAccessExprSyntax.self),
            member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self)
        {
            return false
        }
        guard let variable = storedProperty(field, around: read),
            let binding = variable.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == field
            })
        else { return false }
        if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil { return true }
        let type = binding.typeAnnotation?.type.trimmedDescription.trimmingScalars(in: "?!") ?? ""
        return Self.textlessTypes.contains(type)
    }

    /// Declared types whose values hold no text: numbers, flags, dates, identifiers.
    static let textlessTypes: Set<String> = [
        "Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "Double", "Float", "CGFloat", "Bool",
        "Date", "UUID", "TimeInterval", "Decimal"
    ]

    /// The name of the class, struct or actor around `node`, or of the type an extension extends.
    static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        guard let decl = node.enclosingTypeDecl else { return nil }
        if let c = decl.as(ClassDeclSyntax.self) { return c.name.text }
        if let s = decl.as(StructDeclSyntax.self) { return s.name.text }
        if let a = decl.as(ActorDeclSyntax.self) { return a.name.text }
        if let x = decl.as(ExtensionDeclSyntax.self) { return x.extendedType.as(IdentifierTypeSyntax.self)?.name.text }
        return nil
    }

    /// The type written for the stored property `name` of the type around `node`.
    private static func storedPropertyType(of name: String, near node: some SyntaxProtocol) -> String? {
        guard let variable = storedProperty(name, around: node) else { return nil }
        for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        {
            if let annotation = binding.typeAnnotation {
                return annotation.type.trimmedDescription.trimmingScalars(in: "?!")
            }
            return binding.initializer.flatMap { Sensitivity.declaredType(of: $0.value) }
        }
        return nil
    }

    private static func declaresStoredProperty(_ name: String, around node: some SyntaxProtocol) -> Bool {
        storedProperty(name, around: node) != nil
    }

    /// The `let` / `var` member named `name` of the type around `node`, without accessors (a computed property
    /// stores nothing).
    static func storedProperty(_ name: String, around node: some SyntaxProtocol) -> VariableDeclSyntax? {
        guard let decl = node.enclosingTypeDecl else { return nil }
        let members =
            decl.as(ClassDeclSyntax.self)?.memberBlock.members ?? decl.as(StructDeclSyntax.self)?.memberBlock.members
            ?? decl.as(ActorDeclSyntax.self)?.memberBlock.members
        return members.flatMap { storedProperty(name, in: $0) }
    }

    static func storedProperty(_ name: String, in members: MemberBlockItemListSyntax) -> VariableDeclSyntax? {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if case .getter? = binding.accessorBlock?.accessors { return nil }
                if case .accessors(let list)? = binding.accessorBlock?.accessors,
                    list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })
                {
                    return nil
                }
                return variable
            }
        }
        return nil
    }

    /// The fact a rule records at its sink, for `CallerArgumentsStage`.
    var factValue: String { FactKind.join(ruleId, type, field, note) }

    init?(fact value: String) {
        let fields = FactKind.fields(value, count: 4)
        guard !fields[0].isEmpty, !fields[1].isEmpty, !fields[2].isEmpty else { return nil }
        self.init(ruleId: fields[0], type: fields[1], field: fields[2], note: fields[3])
    }

    init(ruleId: String, type: String, field: String, note: String = "") {
        self.ruleId = ruleId
        self.type = type
        self.field = field
        self.note = note
    }
}
