import SwiftSyntax

/// What a Keychain call's dictionary argument holds, when it can be seen: a literal, or a local built from one
/// and then filled with `dict[key] = value` before the call.
struct KeychainDictionary {
    /// Attribute constants used as keys (`kSecAttrService`, `kSecValueData`…), with the key expression.
    var keys: [String: ExprSyntax] = [:]
    /// `kSecClass`'s value (`kSecClassGenericPassword`…), when set.
    var itemClass: String?
    /// The local variable the dictionary lives in, if any.
    var variable: String?

    /// Reads the dictionary passed to `call` as its first argument. nil when it is built in ways that cannot be
    /// followed (a helper, a merge).
    static func of(firstArgumentOf call: FunctionCallExprSyntax) -> KeychainDictionary? {
        guard let argument = call.arguments.first?.expression else { return nil }
        return of(argument, before: call)
    }

    static func of(_ argument: ExprSyntax, before use: some SyntaxProtocol) -> KeychainDictionary? {
        var expr = argument.unwrapped
        var variable: String?
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            variable = ref.baseName.text
            guard let value = LocalValue.initializer(of: ref.baseName.text, before: ref) else { return nil }
            expr = value.unwrapped
        }
        guard let dictionary = expr.as(DictionaryExprSyntax.self) else { return nil }
        return of(literal: dictionary, variable: variable, before: use.position, in: use.enclosingBody)
    }

    /// A dictionary literal; with its variable's name, the `variable[key] = value` statements before `limit` in
    /// `body` count too.
    static func of(
        literal dictionary: DictionaryExprSyntax, variable: String?, before limit: AbsolutePosition,
        in body: CodeBlockItemListSyntax?
    ) -> KeychainDictionary? {
        var result = KeychainDictionary()
        result.variable = variable
        guard case .elements(let elements) = dictionary.content else { return nil }
        for element in elements {
            guard let key = firstIdentifier(in: element.key) else { return nil }
            result.keys[key] = element.key
            if key == "kSecClass" { result.itemClass = firstIdentifier(in: element.value) }
        }
        if let variable = result.variable, let body {
            for token in body.tokens(viewMode: .sourceAccurate) where token.position < limit && token.text == variable {
                guard let ref = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // Merged with another dictionary or passed inout: what it holds can no longer be told.
                if let member = ref.parent?.as(MemberAccessExprSyntax.self),
                    ["merge", "merging", "addEntries"].contains(member.declName.baseName.text)
                {
                    return nil
                }
                if ref.parent?.is(InOutExprSyntax.self) == true { return nil }
                guard let subscriptCall = ref.parent?.as(SubscriptCallExprSyntax.self),
                    let keyExpr = subscriptCall.arguments.first?.expression, let key = firstIdentifier(in: keyExpr)
                else { continue }
                result.keys[key] = keyExpr
                if key == "kSecClass",
                    let assignment = subscriptCall.parent?.parent?.as(SequenceExprSyntax.self)?.simpleAssignment
                {
                    result.itemClass = firstIdentifier(in: assignment.value)
                }
            }
        }
        return result
    }

    static func firstIdentifier(in expr: ExprSyntax) -> String? {
        for token in expr.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind { return text }
        }
        return nil
    }
}
