import SwiftSyntax

/// A sink whose value comes in through a parameter of the app's own function: the summary "parameter → sink" that
/// `CallerArgumentsStage` composes with every call of the function in the project, in any file. What the callers
/// pass decides the finding: input from outside makes it a flow across files; text the app wrote in every call makes
/// it no injection at all.
struct ParameterSink: Equatable, Sendable {
    var ruleId: String
    var function: String
    /// The argument label callers write, or nil for `_`.
    var label: String?
    /// The parameter's position, for a call that passes it without a label.
    var index: Int
    var parameter: String
    /// `public` or `open`: clients outside the scanned code may call it.
    var isPublic: Bool
    /// For a sink that writes under a key (`defaults.set(value, forKey: key)`), the key's parameter when callers
    /// pass it too: what they pass names what the value is.
    var key: Position?
    /// What the sink does with the value, for the message of a finding made at a caller ("UserDefaults").
    var note = ""
    /// For a wrapper's call whose argument embeds a parameter of the calling function: what that function's callers
    /// pass for it (nil when not asked).
    var enclosingCallers: CallerArguments.Verdict?

    struct Position: Equatable, Sendable {
        var label: String?
        var index: Int
    }

    /// The parameter `value` is (from inside the function's closures too), directly, through `let` locals of its
    /// function, or as the base of a member chain (`columns.columnString`), when the function is one only code that
    /// names it can call: not an initializer, an override, `@objc` or `dynamic` (the runtime calls those), a
    /// protocol's requirement, or a Cocoa delegate method.
    static func of(_ value: ExprSyntax, ruleId: String, depth: Int = 0) -> ParameterSink? {
        guard depth < 4 else { return nil }
        var root = value.unwrapped
        while let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base.unwrapped }
        guard let ref = root.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = ref.baseName.text
        if let local = LocalValue.initializer(of: name, before: ref) {
            guard local.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != name else { return nil }
            return of(local, ruleId: ruleId, depth: depth + 1)
        }
        guard let (parameter, functionName) = ValuePath.parameter(named: name, near: ref, throughClosures: true),
            functionName != "init",
            parameter.ellipsis == nil, parameter.type.as(AttributedTypeSyntax.self) == nil,
            let list = parameter.parent?.as(FunctionParameterListSyntax.self),
            let function = list.parent?.parent?.parent?.as(FunctionDeclSyntax.self),
            let isPublic = callableOnlyByName(function)
        else { return nil }
        let index = list.distance(
            from: list.startIndex, to: list.firstIndex { $0.id == parameter.id } ?? list.startIndex)
        return ParameterSink(
            ruleId: ruleId, function: functionName,
            label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text, index: index,
            parameter: name, isPublic: isPublic)
    }

    /// The first parameter text is built from: `value` itself, or a part of it put in by interpolation or `+`,
    /// directly or through `let` locals (`let page = head + body + tail`). An injection sink cares about any part.
    static func embedded(in value: ExprSyntax, ruleId: String, depth: Int = 0) -> ParameterSink? {
        guard depth < 4 else { return nil }
        if let sink = of(value, ruleId: ruleId) { return sink }
        let e = value.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                guard let part = segment.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression,
                    let sink = embedded(in: part, ruleId: ruleId, depth: depth + 1)
                else { continue }
                return sink
            }
            return nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            guard
                sequence.elements.allSatisfy({ element in
                    element.as(BinaryOperatorExprSyntax.self).map { $0.operator.text == "+" } ?? true
                })
            else { return nil }
            for operand in sequence.elements where !operand.is(BinaryOperatorExprSyntax.self) {
                if let sink = embedded(in: operand, ruleId: ruleId, depth: depth + 1) { return sink }
            }
            return nil
        }
        if let ref = e.as(DeclReferenceExprSyntax.self),
            let local = LocalValue.initializer(of: ref.baseName.text, before: ref),
            local.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        {
            return embedded(in: local, ruleId: ruleId, depth: depth + 1)
        }
        return nil
    }

    /// nil when the runtime or a framework may call `function` without naming it; otherwise whether it is public.
    private static func callableOnlyByName(_ function: FunctionDeclSyntax) -> Bool? {
        var isPublic = false
        for modifier in function.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.override), .keyword(.dynamic), .keyword(.optional): return nil
            case .keyword(.public), .keyword(.open): isPublic = true
            default: break
            }
        }
        for attribute in function.attributes {
            guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return nil }
            if name.hasPrefix("objc") || name.hasPrefix("IB") || name.hasPrefix("_") { return nil }
        }
        // Cocoa's delegate naming: `tableView(_ tableView: UITableView, …)` is called by the object it is named for.
        if let first = function.signature.parameterClause.parameters.first, first.firstName.tokenKind == .wildcard,
            let type = first.type.as(IdentifierTypeSyntax.self)?.name.text,
            type.lowercased().hasSuffix(function.name.text.lowercased())
        {
            return nil
        }
        var current = Syntax(function).parent
        while let node = current {
            if node.is(ProtocolDeclSyntax.self) { return nil }
            current = node.parent
        }
        return isPublic
    }

    /// The position of `parameter` among the parameters of the same function as this sink's, when it is one of them.
    func position(of other: ParameterSink) -> Position? {
        guard other.function == function, other.index != index else { return nil }
        return Position(label: other.label, index: other.index)
    }

    /// The fact a rule records at its finding's node, for `CallerArgumentsStage`.
    var factValue: String {
        FactKind.join(
            ruleId, function, label ?? "", String(index), parameter, isPublic ? "public" : "", key?.label ?? "",
            key.map { String($0.index) } ?? "", note)
    }

    init?(fact value: String) {
        let fields = FactKind.fields(value, count: 9)
        guard let index = Int(fields[3]), !fields[0].isEmpty, !fields[1].isEmpty else { return nil }
        self.init(
            ruleId: fields[0], function: fields[1], label: fields[2].isEmpty ? nil : fields[2], index: index,
            parameter: fields[4], isPublic: fields[5] == "public")
        key = Int(fields[7]).map { Position(label: fields[6].isEmpty ? nil : fields[6], index: $0) }
        note = fields[8]
    }

    private init(
        ruleId: String, function: String, label: String?, index: Int, parameter: String, isPublic: Bool
    ) {
        self.ruleId = ruleId
        self.function = function
        self.label = label
        self.index = index
        self.parameter = parameter
        self.isPublic = isPublic
    }
}
