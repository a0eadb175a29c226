import IOSecCore
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

    /// A Keychain library's own default for the items it stores, from the library's source
    /// (`../shared/reference/LIBRARIES.md`).
    struct LibraryDefault: Sendable {
        /// The module an app imports, which tells this library's type from a project's own of the same name.
        let module: String
        let type: String
        /// The class the library stores with when the app does not choose one.
        let defaultClass: String
        /// How an app chooses one, for the message.
        let choose: String
        let source: String
    }

    static let libraryDefaults: [LibraryDefault] = [
        LibraryDefault(
            module: "KeychainAccess", type: "Keychain", defaultClass: "afterFirstUnlock",
            choose: ".accessibility(.afterFirstUnlockThisDeviceOnly)", source: "KeychainAccess Keychain.swift:1208"),
        LibraryDefault(
            module: "UICKeyChainStore", type: "UICKeyChainStore", defaultClass: "afterFirstUnlock",
            choose: ".accessibility = .afterFirstUnlockThisDeviceOnly", source: "UICKeyChainStore.m:117-121")
    ]

    /// SAMKeychain's class methods that store a password (`+setPassword:forService:account:`, `+setPasswordData:…`):
    /// they send no `kSecAttrAccessible` unless the process-wide `+setAccessibilityType:` was called, so the item
    /// gets the system's `kSecAttrAccessibleWhenUnlocked`, which migrates (SAMKeychainQuery.m:43-48, 56-61).
    static let samKeychainStores: Set<String> = ["setPassword", "setPasswordData"]
    static let samKeychainTypes: Set<String> = ["SAMKeychain", "SSKeychain"]
    static let samKeychainConfiguration = "setAccessibilityType"
    static let samKeychainMessage =
        "SAMKeychain stores without kSecAttrAccessible unless setAccessibilityType: is called (SAMKeychainQuery.m:43-48), so the item gets kSecAttrAccessibleWhenUnlocked and moves to other devices in backups; call SAMKeychain.setAccessibilityType(kSecAttrAccessibleWhenUnlockedThisDeviceOnly) at launch"

    /// `SAMKeychain.setPassword(p, forService: s, account: a)` in a file that does not choose the class itself.
    static func samKeychainDefault(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> Bool {
        guard let name = call.calledName, samKeychainStores.contains(name),
            let base = call.calledBase?.as(DeclReferenceExprSyntax.self), samKeychainTypes.contains(base.baseName.text),
            call.argument("forService") != nil
        else { return false }
        return !file.contains(samKeychainConfiguration)
    }

    /// For `Keychain(service: "…")` (KeychainAccess) or `UICKeyChainStore(service:)`: the library's default when
    /// the instance stores items and nothing in its chain or file chooses a class or synchronisation.
    static func libraryDefault(of call: FunctionCallExprSyntax, in file: SwiftFile) -> LibraryDefault? {
        guard let name = call.calledName, call.calledBase == nil,
            let library = libraryDefaults.first(where: { $0.type == name }), file.imports.contains(library.module)
        else { return nil }
        // `Keychain(service: "…").accessibility(.whenUnlocked)`, `.synchronizable(true)`: chosen in the chain.
        var chain: [String] = []
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
            chain.append(member.declName.baseName.text)
            if let outer = member.parent?.as(FunctionCallExprSyntax.self) {
                node = Syntax(outer)
            } else {
                node = Syntax(member)
            }
        }
        if chain.contains(where: { $0 == "accessibility" || $0 == "synchronizable" }) { return nil }
        let stores: Bool
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let variable = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            if file.contains("\(variable).accessibility") || file.contains("\(variable).synchronizable")
                || file.contains("\(variable) = \(variable).")
            {
                return nil
            }
            stores =
                (file.contains("\(variable).set(") || file.contains("\(variable).setString(")
                    || file.contains("\(variable).setData(") || assignsSubscript(of: variable, in: file))
                && !storesOnlyNonSecrets(through: variable, in: file)
        } else {
            // Used in place: `Keychain(service: "…")["token"] = token`, `Keychain(service: "…").set(…)`.
            stores = chain.first == "set" || node.parent?.is(SubscriptCallExprSyntax.self) == true
        }
        return stores ? library : nil
    }

    /// True when every value the file stores through the instance is known to be no secret: a number, a flag, a
    /// certificate, or a push or device token (`keychain.setString(pushKitToken, forKey: …)`), which identifies a
    /// device to a provider and grants nothing.
    private static func storesOnlyNonSecrets(through variable: String, in file: SwiftFile) -> Bool {
        var values: [ExprSyntax] = []
        for call in SyntaxSearch.all(FunctionCallExprSyntax.self, in: file.tree, where: { _ in true }) {
            guard call.calledBase?.lastName == variable,
                ["set", "setString", "setData"].contains(call.calledName ?? "")
            else { continue }
            guard let value = call.arguments.first?.expression else { return false }
            values.append(value)
        }
        for subscriptCall in SyntaxSearch.all(SubscriptCallExprSyntax.self, in: file.tree, where: { _ in true }) {
            guard subscriptCall.calledExpression.lastName == variable,
                let assignment = subscriptCall.parent?.parent?.as(SequenceExprSyntax.self)?.simpleAssignment,
                assignment.target.id == ExprSyntax(subscriptCall).id
            else { continue }
            if assignment.value.is(NilLiteralExprSyntax.self) { continue }
            values.append(assignment.value)
        }
        return !values.isEmpty
            && values.allSatisfy { KeychainAccessibilityRule.holdsNoSecret($0) || namesNonSecretToken($0.lastName) }
    }

    /// `pushKitToken`, `apnsDeviceToken`: a token the words before it say is an identifier, not a credential.
    private static func namesNonSecretToken(_ name: String?) -> Bool {
        guard let name, SensitiveName.classify(name) == nil else { return false }
        let words = SensitiveName.words(name)
        return words.indices.contains { i in
            words[i] == "token" && i > 0 && SensitiveName.tokenNonSecretQualifiers.contains(words[i - 1])
        }
    }

    /// Whether a line of the file assigns through `name[…]`: `keychain["token"] = token` stores, `keychain["token"]`
    /// alone reads, and `keychain["token"] = nil` removes (a migration that reads old items and deletes them).
    private static func assignsSubscript(of name: String, in file: SwiftFile) -> Bool {
        guard file.contains("\(name)[") else { return false }
        let text = String(decoding: file.bytes, as: UTF8.self)
        return text.split(separator: "\n").contains { line in
            guard let start = line.range(of: "\(name)[") else { return false }
            let rest = line[start.upperBound...]
            guard let close = rest.range(of: "]") else { return false }
            let assignment = rest[close.upperBound...].trimmingPrefix(while: { $0 == " " })
            guard assignment.hasPrefix("= ") else { return false }
            let value = assignment.dropFirst(2).trimmingPrefix(while: { $0 == " " })
            return !(value.hasPrefix("nil") && !(value.dropFirst(3).first.map { $0.isLetter || $0.isNumber } ?? false))
        }
    }

    /// Valet's `.whenUnlocked` and `.afterFirstUnlock` are not ThisDeviceOnly (Valet Accessibility.swift:23-32);
    /// iCloud Valets synchronise by design and are left alone.
    static func valetMigratingAccessibility(_ call: FunctionCallExprSyntax, in file: SwiftFile) -> String? {
        guard let name = call.calledName, ["valet", "sharedGroupValet", "sharedAccessGroupValet"].contains(name),
            file.imports.contains("Valet"),
            let level = call.argument("accessibility")?.as(MemberAccessExprSyntax.self), level.base == nil
        else { return nil }
        let text = level.declName.baseName.text
        return text == "whenUnlocked" || text == "afterFirstUnlock" ? text : nil
    }
}
