import SwiftSyntax

/// Whether a value was made by the app itself rather than taken from a person, a server or a file: a literal, a
/// constant, an enum case or its raw value; directly, through a local's initializer, or in every branch of the
/// `switch`, `if` or `?:` that picks it. Such a value is not a secret a user typed or a server sent. A constant
/// that looks like a credential is not app-made here: it is `secrets.hardcoded`'s to report, and storing it is
/// still storing a credential.
///
/// ```swift
/// let newValue = switch legacy { case 0: PinType.unread.rawValue; default: PinType.none.rawValue }
/// UserDefaults.standard.set(newValue, forKey: "Library.pinTitles")   // app-made: not a PIN
/// ```
enum AppMadeValue {
    static func isAppMade(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        isAppMade(expr, in: file, depth: 0)
    }

    private static func isAppMade(_ expr: ExprSyntax, in file: SwiftFile, depth: Int) -> Bool {
        guard depth < 6 else { return false }
        let e = expr.unwrapped
        if e.is(IntegerLiteralExprSyntax.self) || e.is(FloatLiteralExprSyntax.self)
            || e.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if let text = file.stringValue(of: e) { return !HardcodedSecretRule.looksLikeCredentialValue(text) }
        if isEnumCase(e) { return true }
        if let switchExpr = e.as(SwitchExprSyntax.self) {
            let values = switchExpr.cases.compactMap { $0.as(SwitchCaseSyntax.self)?.statements.last?.item }
            return values.count == switchExpr.cases.count && !values.isEmpty
                && values.allSatisfy { value in
                    value.as(ExprSyntax.self).map { isAppMade($0, in: file, depth: depth + 1) } ?? false
                }
        }
        if let ifExpr = e.as(IfExprSyntax.self) {
            guard let elseBody = ifExpr.elseBody else { return false }
            let branches: [ExprSyntax?] = [
                lastExpression(of: ifExpr.body),
                elseBody.as(CodeBlockSyntax.self).flatMap(lastExpression)
                    ?? elseBody.as(IfExprSyntax.self).map(ExprSyntax.init)
            ]
            return branches.allSatisfy { $0.map { isAppMade($0, in: file, depth: depth + 1) } ?? false }
        }
        if let (then, otherwise) = e.conditionalBranches {
            return isAppMade(then, in: file, depth: depth + 1) && isAppMade(otherwise, in: file, depth: depth + 1)
        }
        if e.is(DeclReferenceExprSyntax.self), let origin = LocalValue.origin(of: e), origin.id != e.id {
            return isAppMade(origin, in: file, depth: depth + 1)
        }
        return false
    }

    private static func lastExpression(of block: CodeBlockSyntax) -> ExprSyntax? {
        block.statements.last?.item.as(ExprSyntax.self)
    }

    /// `.unread`, `PinType.unread.rawValue`, `LibraryViewModel.PinType.unread.rawValue`: a case with the type left
    /// implicit, or a case's raw value named through its type (names that start with a capital). `Config.current`
    /// alone may be a static property holding anything, so a qualified name counts only with `.rawValue`.
    private static func isEnumCase(_ expr: ExprSyntax) -> Bool {
        guard var member = expr.as(MemberAccessExprSyntax.self) else { return false }
        let isRawValue = member.declName.baseName.text == "rawValue"
        if isRawValue {
            guard let base = member.base?.as(MemberAccessExprSyntax.self) else { return false }
            member = base
        }
        guard let caseName = member.declName.baseName.text.first, caseName.isLowercase else { return false }
        var base = member.base
        if base == nil { return true }
        guard isRawValue else { return false }
        while let current = base {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text.first?.isUppercase == true
            }
            guard let inner = current.as(MemberAccessExprSyntax.self),
                inner.declName.baseName.text.first?.isUppercase == true
            else { return false }
            base = inner.base
        }
        return false
    }
}
