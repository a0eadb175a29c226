import IOSecCore
import SwiftSyntax

/// `storage.keyboard-cache` in Swift: a SwiftUI `TextField` for a password or PIN where `SecureField` belongs, an
/// alert text field (`addTextField { $0.placeholder = "Password" }`) without `isSecureTextEntry`, and a secret's
/// field with secure entry turned off (`pinField.isSecureTextEntry = false`). A show-password toggle (a
/// `SecureField` on the same binding, or the same field made secure again or toggled elsewhere in the file) and
/// one-time-code fields are left alone: a code that expires in minutes is meant to be seen and autofilled.
struct KeyboardCacheSwiftMatcher: SwiftRule {
    static var description: RuleDescription { KeyboardCacheRule.description }

    static let subscription = Subscription(
        calls: .named(["TextField", "SecureField", "addTextField", "toggle"]),
        assignments: ["isSecureTextEntry"])

    /// What a person types that must not be cached or shown (one-time codes are meant to be visible).
    static let secretCategories: Set<SensitiveCategory> = [.password, .pin, .card, .secret, .credential]

    private var textFields:
        [(call: FunctionCallExprSyntax, binding: String, name: String, category: SensitiveCategory)] = []
    private var secureBindings: Set<String> = []
    /// `field.isSecureTextEntry = false` on a secret's field, and the fields made secure (or toggled) anywhere.
    private var insecureFields: [(target: ExprSyntax, field: String, category: SensitiveCategory)] = []
    private var revealedFieldsMadeSecure: Set<String> = []

    mutating func visit(_ assignment: AssignmentExprSyntax, in file: SwiftFile) {
        guard let (target, values) = assignment.targetAndValues, let member = target.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "isSecureTextEntry", let field = member.base?.lastName,
            let value = values.last
        else { return }
        guard value.booleanLiteralValue == false else {
            // `true`, or a state (`= !isRevealed`): the field is secure at least some of the time.
            revealedFieldsMadeSecure.insert(field)
            return
        }
        guard let category = SensitiveName.classifyInputField(field), Self.secretCategories.contains(category) else {
            return
        }
        insecureFields.append((target, field, category))
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard
            call.calledExpression.is(DeclReferenceExprSyntax.self)
                || call.calledName == "addTextField" || call.calledName == "toggle"
        else { return }
        switch call.calledName {
        case "SecureField":
            guard let binding = call.argument("text") else { return }
            secureBindings.insert(binding.sourceText)
            // `text: isEditing ? $newPassword : $password`: each binding a branch may pick.
            for token in binding.tokens(viewMode: .sourceAccurate) {
                if token.text.hasPrefix("$") { secureBindings.insert(token.text) }
            }
        case "TextField":
            guard let binding = call.argument("text"),
                let (name, category) = Self.secretName(of: call, binding: binding)
            else { return }
            textFields.append((call, binding.sourceText, name, category))
        case "addTextField":
            checkAlertField(call, in: file)
        case "toggle":
            // `passwordField.isSecureTextEntry.toggle()`: a show-password button.
            if let property = call.calledBase?.as(MemberAccessExprSyntax.self),
                property.declName.baseName.text == "isSecureTextEntry", let field = property.base?.lastName
            {
                revealedFieldsMadeSecure.insert(field)
            }
        default:
            return
        }
    }

    mutating func finish(in file: SwiftFile) {
        // A `SecureField` on the same binding means the `TextField` is the "show password" half of a toggle.
        for field in textFields where !secureBindings.contains(field.binding) {
            // Autocorrection off keeps the text out of the keyboard's dictionary: what is left is a value shown on
            // screen, which a seed checked against a website often is on purpose.
            if Self.autocorrectionDisabled(around: field.call) {
                report(
                    file, at: field.call.calledExpression,
                    "TextField '\(field.name)' takes \(field.category.noun) in plain text: autocorrection is off, so the keyboard does not learn it, but it is shown and visible in screenshots; use SecureField unless it is meant to be read",
                    confidence: .low)
                continue
            }
            report(
                file, at: field.call.calledExpression,
                "TextField '\(field.name)' takes \(field.category.noun) in plain text: it is shown, offered to autocorrection and cached by the keyboard; use SecureField"
            )
        }
        for field in insecureFields where !revealedFieldsMadeSecure.contains(field.field) {
            report(
                file, at: field.target,
                "'\(field.field)' takes \(field.category.noun) with secure entry turned off: it is shown, offered to autocorrection and cached by the keyboard; leave isSecureTextEntry on"
            )
        }
    }

    /// `alert.addTextField { field in field.placeholder = "Password" }` without `field.isSecureTextEntry = true`.
    private func checkAlertField(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let closure = call.trailingClosure ?? call.argument("configurationHandler")?.as(ClosureExprSyntax.self)
        else { return }
        var secret: (String, SensitiveCategory)?
        var secure = false
        for statement in closure.statements {
            guard
                let sequence = statement.item.as(SequenceExprSyntax.self)
                    ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self),
                let assignment = sequence.simpleAssignment, let property = assignment.target.lastName
            else { continue }
            switch property {
            case "isSecureTextEntry": secure = assignment.value.booleanLiteralValue != false
            case "placeholder", "accessibilityIdentifier", "accessibilityLabel":
                if secret == nil, let text = assignment.value.unwrapped.stringLiteralValue,
                    let category = SensitiveName.classify(text), Self.secretCategories.contains(category)
                {
                    secret = (text, category)
                }
            default: continue
            }
        }
        guard !secure, let (name, category) = secret else { return }
        report(
            file,
            at: call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) }
                ?? Syntax(call.calledExpression),
            "alert text field '\(name)' takes \(category.noun) without isSecureTextEntry: it is shown, offered to autocorrection and cached by the keyboard"
        )
    }

    /// Whether `.autocorrectionDisabled()` or `.disableAutocorrection(true)` applies to `field`: on the field itself
    /// or on a view that contains it (SwiftUI hands the setting down through the environment).
    static func autocorrectionDisabled(around field: FunctionCallExprSyntax) -> Bool {
        var child = Syntax(field)
        var node = field.parent
        while let current = node {
            if let member = current.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == child,
                let modifier = member.parent?.as(FunctionCallExprSyntax.self)
            {
                let argument = modifier.arguments.first?.expression
                switch member.declName.baseName.text {
                case "autocorrectionDisabled":
                    if argument?.booleanLiteralValue != false { return true }
                case "disableAutocorrection":
                    if argument?.booleanLiteralValue == true { return true }
                default: break
                }
            }
            // A declaration ends the view tree a modifier can reach.
            if current.is(DeclSyntax.self) { return false }
            child = current
            node = current.parent
        }
        return false
    }

    /// The title literal or the bound property's name, when it names a secret.
    private static func secretName(of call: FunctionCallExprSyntax, binding: ExprSyntax) -> (String, SensitiveCategory)?
    {
        var names: [String] = []
        if let title = call.arguments.first, title.label == nil, let text = title.expression.stringLiteralValue {
            names.append(text)
        }
        if let last = binding.lastName { names.append(last.hasPrefix("$") ? String(last.dropFirst()) : last) }
        if let ref = binding.as(DeclReferenceExprSyntax.self), case .dollarIdentifier(let text) = ref.baseName.tokenKind
        {
            names.append(String(text.dropFirst()))
        }
        for name in names {
            if SensitiveName.isMetadata(name) { continue }
            if let category = SensitiveName.classify(name), secretCategories.contains(category) {
                return (name, category)
            }
        }
        return nil
    }
}
