import SwiftSyntax

/// A value whose printing says nothing about the user: fixed text, a number or Boolean, an error, a type's name,
/// `#function` / `#line`, or text made only of those. `code.debug-logging` leaves a console call of such values
/// alone: a timing line, a caught error or a status code in the console is a habit, not a leak.
///
/// Decided by what the value is (a literal, a catch binding, a declared type, a call that returns a number), followed
/// through locals; a value of unknown kind is not harmless.
enum HarmlessLogValue {
    /// Members and calls that give a number or a Boolean.
    static let numericMembers: Set<String> = [
        "count", "isEmpty", "timeIntervalSince", "timeIntervalSinceNow", "timeIntervalSince1970",
        "timeIntervalSinceReferenceDate", "CFAbsoluteTimeGetCurrent", "distance", "code", "statusCode", "rawValue",
        "hashValue", "uptimeNanoseconds", "systemUptime"
    ]
    /// Declared types whose values are numbers, Booleans, errors or statuses.
    static let harmlessTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "TimeInterval", "Bool", "OSStatus", "Error", "any Error", "NSError", "Date", "Duration"
    ]
    /// Calls of the Security framework that return an `OSStatus`.
    static let statusCalls: Set<String> = [
        "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "SecItemDelete", "SecTrustEvaluate",
        "SecRandomCopyBytes"
    ]

    static func isHarmless(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        isHarmless(expr, in: file, depth: 0)
    }

    private static func isHarmless(_ expr: ExprSyntax, in file: SwiftFile, depth: Int) -> Bool {
        guard depth < 5 else { return false }
        let e = expr.unwrapped
        if file.stringValue(of: e) != nil { return true }
        if e.is(IntegerLiteralExprSyntax.self) || e.is(FloatLiteralExprSyntax.self)
            || e.is(BooleanLiteralExprSyntax.self)
            || e.is(NilLiteralExprSyntax.self) || e.is(MacroExpansionExprSyntax.self)
        {
            return true
        }
        if let literal = e.as(StringLiteralExprSyntax.self) {
            return literal.segments.allSatisfy { segment in
                guard let interpolation = segment.as(ExpressionSegmentSyntax.self) else { return true }
                return interpolation.expressions.allSatisfy { isHarmless($0.expression, in: file, depth: depth + 1) }
            }
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            // `Date().timeIntervalSince(start) * 1000`, `end - start`
            return sequence.elements.allSatisfy { element in
                if let op = element.as(BinaryOperatorExprSyntax.self) {
                    return ["+", "-", "*", "/", "==", "!=", "<", ">"].contains(op.operator.text)
                }
                return isHarmless(element, in: file, depth: depth + 1)
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self), let name = call.calledName {
            if numericMembers.contains(name) || statusCalls.contains(name) || name == "Date" { return true }
            // `type(of: self)`, `String(describing: Self.self)`, `NSStringFromClass(…)`: a type's name.
            if name == "type" || name == "NSStringFromClass" { return true }
            if name == "String", let argument = call.argument("describing") {
                return isTypeName(argument) || isHarmless(argument, in: file, depth: depth + 1)
            }
            return false
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if numericMembers.contains(name) || name == "self" { return true }
            // `error.localizedDescription` of a caught error: what went wrong, not whose data.
            if name == "localizedDescription", let base = member.base {
                return isHarmless(base, in: file, depth: depth + 1)
            }
            return false
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if isCaughtError(name, at: ref) { return true }
            if let type = Sensitivity.parameterType(of: name, near: ref),
                harmlessTypes.contains(type.trimmingScalars(in: "?! "))
            {
                return true
            }
            if let value = LocalValue.initializer(of: name, before: ref),
                value.as(DeclReferenceExprSyntax.self)?.baseName.text != name
            {
                return isHarmless(value, in: file, depth: depth + 1)
            }
        }
        return false
    }

    /// `Self.self`, `MyType.self`: a type, printed as its name.
    private static func isTypeName(_ expr: ExprSyntax) -> Bool {
        guard let member = expr.unwrapped.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == "self"
    }

    /// `error` inside a `catch` without a pattern, a name a `catch let` or `.failure(let …)` pattern binds, or the
    /// parameter of a closure passed as `onError:` / `failure:`.
    private static func isCaughtError(_ name: String, at node: DeclReferenceExprSyntax) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let clause = n.as(CatchClauseSyntax.self) {
                if clause.catchItems.isEmpty { return name == "error" }
                if clause.catchItems.contains(where: { $0.pattern?.trimmedDescription.contains(name) == true }) {
                    return true
                }
            }
            if let switchCase = n.as(SwitchCaseSyntax.self),
                switchCase.label.trimmedDescription.contains(".failure(let \(name))")
            {
                return true
            }
            if let closure = n.as(ClosureExprSyntax.self),
                let argument = closure.parent?.as(LabeledExprSyntax.self)
                    ?? closure.parent?.parent?.as(LabeledExprSyntax.self),
                let label = argument.label?.text, ["onError", "failure", "onFailure"].contains(label),
                closure.signature?.parameterClause?.trimmedDescription.contains(name) == true
            {
                return true
            }
            if n.is(FunctionDeclSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}
