/// `keychain.delete-on-read-failure` in Objective-C and C: `SecItemDelete` in the branch an earlier
/// `SecItemCopyMatching` takes when it fails for any reason (`if (status != errSecSuccess) { … }`, the `else` of
/// `if (status == errSecSuccess)`), in a method that never mentions `errSecInteractionNotAllowed`.
enum KeychainDeleteOnReadFailureObjCMatcher: ObjCRule {
    static var description: RuleDescription { KeychainDeleteOnReadFailureRule.description }

    static let requiredNames: Set<String>? = ["SecItemDelete"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        guard source.mentions("SecItemDelete"), source.mentions("SecItemCopyMatching") else { return }
        let lockedChecks = source.occurrences(of: "errSecInteractionNotAllowed")
        for delete in source.calls where delete.name == "SecItemDelete" {
            guard let body = source.body(containing: delete.nameIndex),
                !lockedChecks.contains(where: body.contains),
                source.occurrences(of: "SecItemCopyMatching").contains(where: {
                    body.contains($0) && $0 < delete.nameIndex
                }),
                isOnFailurePath(delete.nameIndex, body: body, in: source)
            else { continue }
            report(
                file, source, at: delete.nameIndex,
                "the item is deleted whenever the read fails, including while the device is locked (errSecInteractionNotAllowed): users lose their credentials; delete only when the data is unusable"
            )
        }
    }

    /// Whether the statement at `index` runs only when a read failed: the innermost `if` it belongs to (through
    /// braces or as its single statement) tests for success and this is its failure branch.
    private static func isOnFailurePath(_ index: Int, body: ClosedRange<Int>, in source: ObjCSource) -> Bool {
        var statementStart = index
        // `(void)SecItemDelete(…)`
        if source.isPunct(index - 1, ")"), source.match[index - 1] >= 0,
            source.text(source.match[index - 1]..<index) == "(void)"
        {
            statementStart = source.match[index - 1]
        }
        var position = statementStart
        while position > body.lowerBound {
            let before = branchOpener(before: position, in: source)
            if let before {
                switch before {
                case .then(let condition): return testsSuccess(condition, equal: false, in: source)
                case .otherwise(let condition): return testsSuccess(condition, equal: true, in: source)
                }
            }
            // Not a branch's first statement: up to the enclosing group, unless it is a plain block.
            guard let group = KeychainQueryUse.enclosingGroup(of: position, in: source), group > body.lowerBound
            else { return false }
            if source.isPunct(group, "{") {
                guard let opener = branchOpener(before: group, in: source) else { return false }
                switch opener {
                case .then(let condition): return testsSuccess(condition, equal: false, in: source)
                case .otherwise(let condition): return testsSuccess(condition, equal: true, in: source)
                }
            }
            position = group
        }
        return false
    }

    private enum Branch {
        /// The statement or block right after `if (condition)`.
        case then(Range<Int>)
        /// The statement or block right after the `else` of `if (condition) { … }`.
        case otherwise(Range<Int>)
    }

    /// The branch that the statement or block starting at `index` opens, if it is the body of an `if` or `else`.
    private static func branchOpener(before index: Int, in source: ObjCSource) -> Branch? {
        if let condition = ifCondition(closingAt: index - 1, in: source) { return .then(condition) }
        guard source.isIdentifier(index - 1, "else") else { return nil }
        // `if (c) { … } else …`
        var j = index - 2
        if source.isPunct(j, "}"), source.match[j] >= 0 {
            return ifCondition(closingAt: source.match[j] - 1, in: source).map { .otherwise($0) }
        }
        // `if (c) statement; else …`: back over the statement to the condition.
        guard source.isPunct(j, ";") else { return nil }
        j -= 1
        while j > 0 {
            if let condition = ifCondition(closingAt: j, in: source) { return .otherwise(condition) }
            if source.isPunct(j, ";") || source.isPunct(j, "{") || source.isPunct(j, "}") { return nil }
            let opener = source.match[j]
            j = opener >= 0 && opener < j ? opener - 1 : j - 1
        }
        return nil
    }

    /// `if ( … )` whose `)` is at `close`: the tokens inside.
    private static func ifCondition(closingAt close: Int, in source: ObjCSource) -> Range<Int>? {
        guard source.isPunct(close, ")"), case let open = source.match[close], open >= 0, open < close,
            source.isIdentifier(open - 1, "if")
        else { return nil }
        return (open + 1)..<close
    }

    /// The condition compares with `errSecSuccess` / `noErr` using `==` (equal) or `!=`, and is not about
    /// `errSecItemNotFound` (deleting a missing item is harmless).
    private static func testsSuccess(_ condition: Range<Int>, equal: Bool, in source: ObjCSource) -> Bool {
        let names = Set(source.identifiers(in: condition))
        guard !names.isDisjoint(with: ["errSecSuccess", "noErr"]), !names.contains("errSecItemNotFound") else {
            return false
        }
        return condition.contains { source.isPunct($0, equal ? "==" : "!=") }
    }
}
