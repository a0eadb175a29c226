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
        guard call.calledName == "SecItemAdd", let dictionary = KeychainDictionary.of(firstArgumentOf: call) else {
            return nil
        }
        let keys = Set(dictionary.keys.keys)
        guard keys.contains("kSecValueData") || keys.contains("kSecValueRef"), keys.isDisjoint(with: attributeKeys)
        else { return nil }
        if let itemClass = dictionary.itemClass, !secretClasses.contains(itemClass) { return nil }
        return Syntax(call)
    }

    /// For a Keychain wrapper's `set`: true when it is KeychainSwift's `set(_:forKey:)` without `withAccess:` or
    /// SwiftKeychainWrapper's `set(_:forKey:)` without `withAccessibility:`.
    static func wrapperWithoutAccessibility(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledName == "set", let base = call.calledBase, call.argumentLabels.starts(with: ["_", "forKey"])
        else { return nil }
        let labels = Set(call.argumentLabels)
        let text = base.sourceText
        if text.contains("KeychainWrapper") { return labels.contains("withAccessibility") ? nil : "KeychainWrapper" }
        let origin = LocalValue.origin(of: base)?.sourceText ?? ""
        if text.contains("KeychainSwift") || origin.hasPrefix("KeychainSwift(") {
            return labels.contains("withAccess") ? nil : "KeychainSwift"
        }
        return nil
    }
}
