@_spi(RawSyntax) import SwiftSyntax

/// Questions about expressions answered on the raw tree, before any node is made: the dispatcher and the visitors'
/// filters ask them of nodes most of which no rule will see.
enum RawExpressions {
    /// The expression inside `try`, `await`, `!` and `?`; nil when a wrapper holds none (malformed code).
    static func peeled(_ expr: RawSyntax) -> RawSyntax? {
        var expr = expr
        while true {
            switch expr.kind {
            case .tryExpr:
                guard let inner = RawTryExprSyntax(expr)?.expression.raw else { return nil }
                expr = inner
            case .awaitExpr:
                guard let inner = RawAwaitExprSyntax(expr)?.expression.raw else { return nil }
                expr = inner
            case .forceUnwrapExpr:
                guard let inner = RawForceUnwrapExprSyntax(expr)?.expression.raw else { return nil }
                expr = inner
            case .optionalChainingExpr:
                guard let inner = RawOptionalChainingExprSyntax(expr)?.expression.raw else { return nil }
                expr = inner
            default:
                return expr
            }
        }
    }
}

/// A name read from a raw expression, or why there is none.
enum RawName: Equatable {
    case name(SyntaxText)
    /// The expression has no name (a literal, a call).
    case none
    /// The raw layout cannot say cheaply (a tuple, a cast): the made node must be asked.
    case unsure

    /// `ExprSyntax.lastNameText` on the raw node: the wrappers it strips are stripped here, and where it looks
    /// further (into a one-element tuple, a cast) the answer is `unsure`.
    static func lastName(of expr: RawSyntax) -> RawName {
        guard let expr = RawExpressions.peeled(expr) else { return .unsure }
        switch expr.kind {
        case .declReferenceExpr:
            return RawDeclReferenceExprSyntax(expr).map { .name($0.baseName.tokenText) } ?? .unsure
        case .memberAccessExpr:
            return RawMemberAccessExprSyntax(expr).map { .name($0.declName.baseName.tokenText) } ?? .unsure
        case .tupleExpr, .asExpr, .sequenceExpr:
            return .unsure
        default:
            return .none
        }
    }
}
