/// `keychain.add-only-attribute-update` in Objective-C and C: `SecItemUpdate` whose attributes dictionary (a literal,
/// or a local whose keys are all in view) sets `kSecAttrAccessible` or `kSecAttrAccessControl`.
enum KeychainAddOnlyAttributeUpdateObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainAddOnlyAttributeUpdateRule.description }

    static let requiredNames: Set<String>? = ["SecItemUpdate"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("SecItemUpdate") else { return }
        for call in source.calls where call.name == "SecItemUpdate" && call.arguments.count == 2 {
            guard let attributes = ObjCKeychainDictionary.of(call.arguments[1], before: call.nameIndex, in: source)
            else { continue }
            for key in ["kSecAttrAccessible", "kSecAttrAccessControl"] {
                guard let at = attributes.keys[key] else { continue }
                report(
                    file, source, at: at, KeychainAddOnlyAttributeUpdateRule.message(key),
                    confidence: KeychainAddOnlyAttributeUpdateRule.confidence(key))
            }
        }
    }
}
