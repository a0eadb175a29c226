import SwiftSyntax

/// The part of `storage.keychain-accessibility` that finds items stored with no accessibility at all: a
/// `SecItemAdd` whose dictionary (a literal, or a local built from one in the same function) never sets
/// `kSecAttrAccessible` or `kSecAttrAccessControl`, and Keychain wrappers called without their accessibility
/// argument. Either way the item gets `kSecAttrAccessibleWhenUnlocked` (KeychainSwift, SwiftKeychainWrapper) and
/// can be restored from a backup onto another device.
enum KeychainDefaultAccessibility {
    static let attributeKeys: Set<String> = ["kSecAttrAccessible", "kSecAttrAccessControl"]
    /// Item classes whose accessibility is a choice of the app's (not certificates, which are public).
    static let secretClasses: Set<String> = ["kSecClassGenericPassword", "kSecClassInternetPassword", "kSecClassKey"]

    /// For `SecItemAdd(query as CFDictionary, nil)`: the node to report at, when the stored item's dictionary is
    /// fully visible and sets no accessibility.
    static func missingAccessibility(in call: FunctionCallExprSyntax) -> Syntax? {
        guard call.calledName == "SecItemAdd", let argument = call.arguments.first?.expression else { return nil }
        var dictionaryExpr = argument.unwrapped
        var variable: String?
        if let ref = dictionaryExpr.as(DeclReferenceExprSyntax.self) {
            variable = ref.baseName.text
            guard let value = LocalValue.initializer(of: ref.baseName.text, before: ref) else { return nil }
            dictionaryExpr = value.unwrapped
        }
        guard let dictionary = dictionaryExpr.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content
        else { return nil }
        var keys: Set<String> = []
        var itemClass: String?
        for element in elements {
            guard let key = firstIdentifier(in: element.key) else { return nil }  // a computed key: cannot tell
            keys.insert(key)
            if key == "kSecClass" { itemClass = firstIdentifier(in: element.value) }
        }
        if let variable {
            // `query[kSecAttrAccessible as String] = …` later in the function.
            guard let assigned = assignedKeys(of: variable, before: call) else { return nil }
            keys.formUnion(assigned.keys)
            if itemClass == nil { itemClass = assigned.itemClass }
        }
        guard keys.contains("kSecValueData") || keys.contains("kSecValueRef"), keys.isDisjoint(with: attributeKeys) else { return nil }
        if let itemClass, !secretClasses.contains(itemClass) { return nil }
        return Syntax(call)
    }

    /// For a Keychain wrapper's `set`: true when it is KeychainSwift's `set(_:forKey:)` without `withAccess:` or
    /// SwiftKeychainWrapper's `set(_:forKey:)` without `withAccessibility:`.
    static func wrapperWithoutAccessibility(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledName == "set", let base = call.calledBase, call.argumentLabels.starts(with: ["_", "forKey"]) else { return nil }
        let labels = Set(call.argumentLabels)
        let text = base.sourceText
        if text.contains("KeychainWrapper") { return labels.contains("withAccessibility") ? nil : "KeychainWrapper" }
        let origin = LocalValue.origin(of: base)?.sourceText ?? ""
        if text.contains("KeychainSwift") || origin.hasPrefix("KeychainSwift(") {
            return labels.contains("withAccess") ? nil : "KeychainSwift"
        }
        return nil
    }

    private static func firstIdentifier(in expr: ExprSyntax) -> String? {
        for token in expr.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind { return text }
        }
        return nil
    }

    /// Keys assigned with `variable[key] = value` in the statements before `use`; nil when the dictionary is
    /// changed in ways that cannot be followed (merged, passed inout).
    private static func assignedKeys(of variable: String, before use: some SyntaxProtocol) -> (keys: Set<String>, itemClass: String?)? {
        guard let body = use.enclosingBody else { return ([], nil) }
        var keys: Set<String> = []
        var itemClass: String?
        for token in body.tokens(viewMode: .sourceAccurate) where token.position < use.position && token.text == variable {
            guard let ref = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if let subscriptCall = ref.parent?.as(SubscriptCallExprSyntax.self),
               let key = subscriptCall.arguments.first.flatMap({ firstIdentifier(in: $0.expression) }) {
                keys.insert(key)
                if key == "kSecClass", let assignment = subscriptCall.parent?.parent?.as(SequenceExprSyntax.self)?.simpleAssignment {
                    itemClass = firstIdentifier(in: assignment.value)
                }
            } else if let member = ref.parent?.as(MemberAccessExprSyntax.self),
                      ["merge", "merging", "addEntries"].contains(member.declName.baseName.text) {
                return nil
            } else if ref.parent?.is(InOutExprSyntax.self) == true {
                return nil
            }
        }
        return (keys, itemClass)
    }
}
