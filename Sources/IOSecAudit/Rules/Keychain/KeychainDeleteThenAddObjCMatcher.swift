/// `keychain.delete-then-add` in Objective-C and C: `SecItemDelete(query)` earlier in the same method than
/// `SecItemAdd(query, …)`, with no `SecItemUpdate` in between.
enum KeychainDeleteThenAddObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainDeleteThenAddRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("SecItemAdd"), source.mentions("SecItemDelete") else { return }
        for add in source.calls where add.name == "SecItemAdd" {
            guard let query = ObjCKeychainCalls.localArgument(of: add, in: source),
                let body = source.body(containing: add.nameIndex)
            else { continue }
            var deletedBefore = false
            for call in source.calls where body.contains(call.nameIndex) && call.nameIndex < add.nameIndex {
                if call.name == "SecItemUpdate" { deletedBefore = false }
                if call.name == "SecItemDelete", ObjCKeychainCalls.localArgument(of: call, in: source) == query {
                    deletedBefore = true
                }
            }
            guard deletedBefore else { continue }
            report(
                file, source, at: add.nameIndex,
                "the item is deleted and added again: its persistent reference is lost and a failed add leaves nothing; update it in place with SecItemUpdate and add only when it is missing"
            )
        }
    }
}

/// Shared by the Objective-C Keychain matchers.
enum ObjCKeychainCalls {
    /// The local a `SecItem…` call's first argument names (`(__bridge CFDictionaryRef)query` → `query`), or nil.
    static func localArgument(of call: ObjCCall, in source: ObjCSource) -> String? {
        guard let first = call.arguments.first else { return nil }
        let r = source.trimmedExpression(first)
        guard r.count == 1, let index = r.first, source.isIdentifier(index) else { return nil }
        return source.text(index)
    }
}
