/// `keychain.delete-then-add` in Objective-C and C: `SecItemDelete(query)` earlier in the same method than
/// `SecItemAdd(query, …)`, with no `SecItemUpdate` in between.
enum KeychainDeleteThenAddObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainDeleteThenAddRule.description }

    static let requiredNames: Set<String>? = ["SecItemAdd"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("SecItemAdd"), source.mentions("SecItemDelete") else { return }
        for add in source.calls where add.name == "SecItemAdd" {
            guard let query = ObjCKeychainCalls.localArgument(of: add, in: source),
                let body = source.body(containing: add.nameIndex)
            else { continue }
            var deletedBefore = false
            for call in source.calls where body.contains(call.nameIndex) && call.nameIndex < add.nameIndex {
                if call.name == "SecItemUpdate" { deletedBefore = false }
                // The delete's block must hold the add too: a delete in the other branch of an `if` never runs first.
                if call.name == "SecItemDelete", ObjCKeychainCalls.localArgument(of: call, in: source) == query,
                    let block = innermostBlock(of: call.nameIndex, in: source), source.match[block] > add.nameIndex
                {
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

/// The innermost `{` around a token (a block, not a dictionary literal).
private func innermostBlock(of index: Int, in source: ObjCSource) -> Int? {
    var position = index
    while let group = KeychainQueryUse.enclosingGroup(of: position, in: source) {
        if source.isPunct(group, "{"), !source.isPunct(group - 1, "@") { return group }
        position = group
    }
    return nil
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
