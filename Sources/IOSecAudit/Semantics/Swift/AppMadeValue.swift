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
        if isEnumCase(e) || isRawValueOfProjectEnum(e, in: file) || isFormattedByApp(e) { return true }
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

    /// `table.rawValue` where `table` is declared as one of the project's enums with raw values (`enum Table:
    /// String`): one of the raw values the code wrote, whoever chose the case.
    static func isRawValueOfProjectEnum(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        guard let member = expr.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
            let base = member.base
        else { return false }
        // A parameter's type as written, qualified or not (`_ key: ArticleStatus.Key`).
        let written = base.as(DeclReferenceExprSyntax.self).flatMap {
            Sensitivity.parameterType(of: $0.baseName.text, near: $0, throughClosures: true)
        }
        let type =
            written ?? Sensitivity.declaredType(of: base)
            ?? base.as(MemberAccessExprSyntax.self).flatMap { inner in
                inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                    ? storedPropertyType(of: inner.declName.baseName.text, near: inner) : nil
            }
            ?? base.as(DeclReferenceExprSyntax.self).flatMap(caseLoopType)
        guard let type = type?.trimmingScalars(in: "?! "), !type.isEmpty else { return false }
        return file.constants.isRawValueEnum(type)
    }

    /// `Table` for `table` in `for table in Table.allCases { … table … }`: the loop takes each case of the type.
    private static func caseLoopType(of reference: DeclReferenceExprSyntax) -> String? {
        let name = reference.baseName.text
        var current = Syntax(reference).parent
        while let node = current,
            !node.is(CodeBlockItemListSyntax.self) || node.parent?.is(SourceFileSyntax.self) == false
        {
            if let loop = node.as(ForStmtSyntax.self),
                loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                guard let cases = loop.sequence.as(MemberAccessExprSyntax.self),
                    cases.declName.baseName.text == "allCases", let type = cases.base
                else { return nil }
                return type.trimmedDescription
            }
            if node.is(FunctionDeclSyntax.self) || node.is(ClosureExprSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    /// Text Foundation's formatters make from a date or a number (`ISO8601DateFormatter().string(from: date)`,
    /// `formatter.string(from: since)` where `formatter` is a `DateFormatter`): digits and the format's own text.
    static func isFormattedByApp(_ expr: ExprSyntax) -> Bool {
        guard let call = expr.unwrapped.as(FunctionCallExprSyntax.self), call.calledName == "string",
            call.arguments.count == 1, call.arguments.first?.label?.text == "from", let base = call.calledBase
        else { return false }
        let type =
            Sensitivity.declaredType(of: base)
            ?? base.as(MemberAccessExprSyntax.self).flatMap {
                storedPropertyType(of: $0.declName.baseName.text, near: $0)
            }
            ?? base.as(DeclReferenceExprSyntax.self).flatMap { storedPropertyType(of: $0.baseName.text, near: $0) }
        return type.map(formatterTypes.contains) ?? false
    }

    private static let formatterTypes: Set<String> = ["DateFormatter", "ISO8601DateFormatter", "NumberFormatter"]

    /// The type written for the stored property `name` of the type around `node`.
    private static func storedPropertyType(of name: String, near node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current, !n.is(MemberBlockSyntax.self) { current = n.parent }
        guard let members = current?.as(MemberBlockSyntax.self)?.members else { return nil }
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let annotation = binding.typeAnnotation {
                    return annotation.type.trimmedDescription.trimmingScalars(in: "?!")
                }
                return binding.initializer.flatMap { Sensitivity.declaredType(of: $0.value) }
            }
        }
        return nil
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
