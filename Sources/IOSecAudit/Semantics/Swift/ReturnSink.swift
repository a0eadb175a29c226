import SwiftSyntax

/// A sink whose value, or a part of it, is what a call of a function declared in another file returns:
/// `webView.loadHTMLString(Templates.page(body: link.fragment ?? ""), baseURL: nil)`. The summary "parameter →
/// return" of that function, read in `CallerArgumentsStage`, says which argument of the call the sink receives; input
/// passed for it makes the sink a flow through the function.
struct ReturnSink: Equatable, Sendable {
    var ruleId: String
    var function: String
    /// Where the call is, in the sink's file.
    var line: Int
    var column: Int
    /// What the sink does with the value, for the message ("HTML the web view renders").
    var note = ""

    /// The calls a sink's value is made by, in part (`ValuePath.parts`): only calls by a lower-case name this file
    /// does not declare (its own functions are followed where the walk of the file reads them).
    static func calls(in value: ExprSyntax, in file: SwiftFile) -> [FunctionCallExprSyntax] {
        ValuePath.parts(of: value, limit: 16).compactMap { part in
            guard let call = part.as(FunctionCallExprSyntax.self), let name = call.calledName,
                name.first?.isLowercase == true, !call.arguments.isEmpty, !file.contains("func \(name)(")
            else { return nil }
            return call
        }.prefix(limit).map { $0 }
    }

    /// At most this many calls per sink.
    static let limit = 4

    /// The parameters of `function` a returned `value` pastes in as they are: the value itself, a part put in by
    /// interpolation, `+` or `??`, through `let` locals and what a local `var` has appended. A member or a call of a
    /// parameter (`body.htmlEscaped`, `Int(id)`) may have changed it, and ends the walk.
    static func parameters(
        pastedInto value: ExprSyntax, of function: FunctionDeclSyntax, depth: Int = 0
    ) -> [FunctionParameterSyntax] {
        guard depth < 5 else { return [] }
        let e = value.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            return literal.segments.flatMap { segment -> [FunctionParameterSyntax] in
                guard let part = segment.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression else {
                    return []
                }
                return parameters(pastedInto: part, of: function, depth: depth + 1)
            }
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard operators.allSatisfy({ $0 == "+" || $0 == "??" }) else { return [] }
            let operands = sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }
            return (operators.first == "??" ? Array(operands.prefix(1)) : Array(operands)).flatMap {
                parameters(pastedInto: $0, of: function, depth: depth + 1)
            }
        }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return [] }
        let name = ref.baseName.text
        if let local = LocalValue.initializer(of: name, before: ref) {
            guard local.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != name else { return [] }
            let added = LocalMutation.values(addedTo: name, before: ref) ?? []
            return ([local] + added).flatMap { parameters(pastedInto: $0, of: function, depth: depth + 1) }
        }
        return function.signature.parameterClause.parameters.filter { ($0.secondName ?? $0.firstName).text == name }
    }

    /// Records a `ReturnSink` fact at `sink` for each call its value is made by that passes input from outside in
    /// some argument: a call given only the app's own values cannot hand the sink input, whatever it returns.
    static func record(
        _ value: ExprSyntax, ruleId: String, note: String, in file: SwiftFile,
        where include: (FunctionCallExprSyntax) -> Bool = { _ in true }
    ) {
        for call in calls(in: value, in: file) where include(call) {
            guard let function = call.calledName,
                call.arguments.contains(where: { CallerArguments.untrustedSteps(to: $0.expression, in: file) != nil })
            else { continue }
            let (line, column) = file.position(of: call)
            let sink = ReturnSink(ruleId: ruleId, function: function, line: line, column: column, note: note)
            file.record(kind: FactKind.returnSink, value: sink.factValue, at: value)
        }
    }

    /// The fact a rule records at its sink, for `CallerArgumentsStage`.
    var factValue: String { FactKind.join(ruleId, function, String(line), String(column), note) }

    init?(fact value: String) {
        let fields = FactKind.fields(value, count: 5)
        guard !fields[0].isEmpty, !fields[1].isEmpty, let line = Int(fields[2]), let column = Int(fields[3]) else {
            return nil
        }
        self.init(ruleId: fields[0], function: fields[1], line: line, column: column, note: fields[4])
    }

    init(ruleId: String, function: String, line: Int, column: Int, note: String = "") {
        self.ruleId = ruleId
        self.function = function
        self.line = line
        self.column = column
        self.note = note
    }
}
