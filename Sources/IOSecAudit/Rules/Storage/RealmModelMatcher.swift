import IOSecCore
import SwiftSyntax

/// `storage.database-unencrypted` from Realm models: a class the project keeps in Realm (`Object`, directly or
/// through its own base classes) whose persisted properties (`@Persisted`, `@objc dynamic`) say password, token, PIN
/// or card number, in a project that opens no Realm with an `encryptionKey`. Whatever is assigned to them is written
/// to the Realm file, wherever the assignment is. One finding per model, at its first such property, naming them all.
struct RealmModelMatcher: SwiftRule {
    static var description: RuleDescription { DatabaseUnencryptedRule.description }

    // The model's own `@Persisted` properties, or its `Object` superclass for the older `@objc dynamic` ones.
    static let subscription = Subscription(types: ["Object"], attributes: ["Persisted"])

    /// Models already judged in this file.
    private var judged: Set<String> = []

    mutating func visit(_ attribute: AttributeSyntax, in file: SwiftFile) {
        judge(attribute.enclosingTypeDecl?.as(ClassDeclSyntax.self), in: file)
    }

    mutating func visit(_ type: IdentifierTypeSyntax, in file: SwiftFile) {
        guard type.parent?.is(InheritedTypeSyntax.self) == true else { return }
        judge(type.enclosingTypeDecl?.as(ClassDeclSyntax.self), in: file)
    }

    private mutating func judge(_ model: ClassDeclSyntax?, in file: SwiftFile) {
        guard let model, judged.insert(model.name.text).inserted,
            !file.constants.databaseEncryption.contains(.realm),
            file.constants.persistentStore(ofType: model.name.text) == .realm
        else { return }
        var sensitive: [(binding: PatternBindingSyntax, name: String)] = []
        for member in model.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), Self.isPersisted(variable) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    binding.accessorBlock == nil, DatabaseUnencryptedRule.isSensitiveColumn(name),
                    !Self.holdsNoText(binding)
                else { continue }
                sensitive.append((binding, name))
            }
        }
        guard let first = sensitive.first else { return }
        let names = sensitive.map(\.name)
        let listed = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
        report(
            file, at: first.binding.pattern,
            "the Realm model `\(model.name.text)` stores \(listed) in a Realm file, and the project opens no Realm with an encryptionKey; keep secrets in the Keychain, or encrypt the Realm with a 64-byte key kept there"
        )
    }

    /// What Realm writes to its file: `@Persisted` properties, and `@objc dynamic` ones of the older API.
    private static func isPersisted(_ variable: VariableDeclSyntax) -> Bool {
        let attributes = variable.attributes.compactMap {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        }
        if attributes.contains("Persisted") { return true }
        return attributes.contains("objc") && variable.modifiers.contains { $0.name.text == "dynamic" }
    }

    /// A number, flag, date or identifier (`@Persisted var passwordChangedAt: Date`, `@objc dynamic var hasPIN = false`).
    private static func holdsNoText(_ binding: PatternBindingSyntax) -> Bool {
        if let type = binding.typeAnnotation?.type.trimmedDescription.trimmingScalars(in: "?!"),
            FieldSink.textlessTypes.contains(type)
        {
            return true
        }
        guard let value = binding.initializer?.value.unwrapped else { return false }
        return value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(FloatLiteralExprSyntax.self)
    }
}
