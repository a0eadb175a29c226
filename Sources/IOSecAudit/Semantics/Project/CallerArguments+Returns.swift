import SwiftSyntax

/// The other half of a `ReturnSink`: the function the sink's value comes from, declared in another file, and what it
/// returns. A returned value that pastes in a parameter as it is (`"<p>\(body)</p>"`, a local `var` the parameter
/// is appended to) hands the sink whatever the call passes for it; input passed there is a flow through the function.
extension CallerArguments {
    /// The steps from input outside, passed at the sink's call, to the value the function returns; nil when no
    /// declaration of the function in another file pastes an argument the call gives input for.
    mutating func untrustedReturn(of sink: ReturnSink, inFile path: String) -> [FlowStep]? {
        let returned = returnedParameters(of: sink.function, notIn: path)
        // The sink's file is parsed only when some declaration elsewhere returns a parameter.
        guard !returned.isEmpty, let file = file(at: path),
            let call = SyntaxSearch.all(
                FunctionCallExprSyntax.self, in: file.tree,
                where: {
                    let position = file.position(of: $0)
                    return position.line == sink.line && position.column == sink.column
                }
            ).first
        else { return nil }
        for parameter in returned {
            // A call of another function of the name, which takes no such argument, passes nothing here.
            guard let argument = Self.argument(of: call, label: parameter.label, index: parameter.index) else {
                continue
            }
            guard spendCall() else { return nil }
            let steps = AnalysisMemo.$current.withValue(memos[file.path]) {
                Self.untrustedSteps(to: argument, in: file)
            }
            guard let steps else { continue }
            return steps + [
                file.step(at: argument, "passed to `\(sink.function)`"),
                FlowStep(
                    file: parameter.file, line: parameter.line, column: parameter.column,
                    note: "returned by `\(sink.function)`")
            ]
        }
        return nil
    }

    /// The parameters the declarations of `function` outside the file at `path` return as they are, found once.
    private mutating func returnedParameters(of function: String, notIn path: String) -> [ReturnedParameter] {
        let all: [ReturnedParameter]
        if let known = returnedParameters[function] {
            all = known
        } else {
            guard spendLookup() else { return [] }
            var found: [ReturnedParameter] = []
            for (declaring, declaration) in declarations(named: function) {
                let list = declaration.signature.parameterClause.parameters
                let returned = AnalysisMemo.$current.withValue(memos[declaring.path]) {
                    ValuePath.returnedValues(of: declaration).prefix(8).map { value in
                        (value, ReturnSink.parameters(pastedInto: value, of: declaration))
                    }
                }
                for (value, parameters) in returned {
                    for parameter in parameters {
                        let index = list.distance(
                            from: list.startIndex, to: list.firstIndex { $0.id == parameter.id } ?? list.startIndex)
                        let (line, column) = declaring.position(of: value)
                        found.append(
                            ReturnedParameter(
                                file: declaring.path, line: line, column: column,
                                label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                                index: index))
                    }
                }
            }
            returnedParameters[function] = found
            all = found
        }
        return all.filter { $0.file != path }
    }
}

/// A parameter a function returns as it is, and where it returns it.
struct ReturnedParameter: Sendable {
    var file: String
    var line: Int
    var column: Int
    /// The argument label callers write, or nil for `_`.
    var label: String?
    var index: Int
}
