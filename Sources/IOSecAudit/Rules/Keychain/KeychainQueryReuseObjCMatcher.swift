/// `keychain.query-reuse` in Objective-C and C: a local dictionary that asks to return data or limits matches,
/// passed to `SecItemCopyMatching` and later, in the same method, to `SecItemAdd`.
enum KeychainQueryReuseObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainQueryReuseRule.description }

    private static let searchOnlyKeys: Set<String> = [
        "kSecReturnData", "kSecReturnAttributes", "kSecReturnRef", "kSecReturnPersistentRef", "kSecMatchLimit"
    ]

    static let requiredNames: Set<String>? = ["SecItemAdd"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("SecItemAdd"), source.mentions("SecItemCopyMatching") else { return }
        for add in source.calls where add.name == "SecItemAdd" {
            guard let variable = ObjCKeychainCalls.localArgument(of: add, in: source),
                let body = source.body(containing: add.nameIndex),
                source.calls.contains(where: { call in
                    call.name == "SecItemCopyMatching" && body.contains(call.nameIndex)
                        && call.nameIndex < add.nameIndex
                        && ObjCKeychainCalls.localArgument(of: call, in: source) == variable
                }),
                let dictionary = ObjCKeychainDictionary.of(local: variable, before: add.nameIndex, in: source),
                !Set(dictionary.keys.keys).isDisjoint(with: searchOnlyKeys)
            else { continue }
            report(
                file, source, at: add.nameIndex,
                "'\(variable)' was built to search (it asks to return data or limits matches) and is reused to add the item; build a fresh dictionary for SecItemAdd"
            )
        }
    }
}
