import SwiftSyntax

/// The other half of a `ReturnSink`: the function the sink's value comes from, declared in another file, and what it
/// returns. A returned value that pastes in a parameter as it is (`"<p>\(body)</p>"`, a local `var` the parameter
/// is appended to) hands the sink whatever the call passes for it; input passed there is a flow through the function.
extension CallerArguments {
    /// The steps from input outside, passed at the sink's call, to the value the function returns; nil when no
    /// declaration of the function in another file pastes an argument the call gives input for.
    mutating func untrustedReturn(of sink: ReturnSink, inFile path: String) -> [FlowStep]? {
        guard let file = file(at: path),
            let call = SyntaxSearch.all(
                FunctionCallExprSyntax.self, in: file.tree,
                where: {
                    let position = file.position(of: $0)
                    return position.line == sink.line && position.column == sink.column
                }
            ).first
        else { return nil }
        for (declaring, function) in declarations(named: sink.function) where declaring.path != file.path {
            let returned = AnalysisMemo.$current.withValue(memos[declaring.path]) {
                ReturnSink.returnedValues(of: function).prefix(8).map { value in
                    (value, ReturnSink.parameters(pastedInto: value, of: function))
                }
            }
            let list = function.signature.parameterClause.parameters
            for (value, parameters) in returned {
                for parameter in parameters {
                    let index = list.distance(
                        from: list.startIndex, to: list.firstIndex { $0.id == parameter.id } ?? list.startIndex)
                    let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
                    // A call of another function of the name, which takes no such argument, passes nothing here.
                    guard let argument = Self.argument(of: call, label: label, index: index) else { continue }
                    guard spendCall() else { return nil }
                    let steps = AnalysisMemo.$current.withValue(memos[file.path]) {
                        Self.untrustedSteps(to: argument, in: file)
                    }
                    guard let steps else { continue }
                    return steps + [
                        file.step(at: argument, "passed to `\(sink.function)`"),
                        declaring.step(at: value, "returned by `\(sink.function)`")
                    ]
                }
            }
        }
        return nil
    }
}
