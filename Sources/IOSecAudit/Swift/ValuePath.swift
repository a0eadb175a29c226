import SwiftSyntax

/// How a value reached an expression inside its function: back through the locals it was assigned to, to the
/// parameter it came in by. The steps a finding shows so a reviewer sees where the value came from without reading
/// the function.
enum ValuePath {
    /// Steps from where `expr`'s value enters its function to just before `expr` (the origin first); empty when
    /// `expr` is not a name or its origin is not found.
    static func steps(to expr: ExprSyntax, in file: SwiftFile) -> [FlowStep] {
        steps(to: expr, in: file, depth: 0)
    }

    private static func steps(to expr: ExprSyntax, in file: SwiftFile, depth: Int) -> [FlowStep] {
        guard depth < 5, let ref = expr.unwrapped.as(DeclReferenceExprSyntax.self) else { return [] }
        let name = ref.baseName.text
        if let value = LocalValue.initializer(of: name, before: ref) {
            guard value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != name else { return [] }
            return steps(to: value, in: file, depth: depth + 1) + [file.step(at: value, "assigned to `\(name)`")]
        }
        if let (parameter, function) = parameter(named: name, near: ref) {
            return [file.step(at: parameter, "parameter `\(name)` of `\(function)`: what its callers pass")]
        }
        return []
    }

    /// What the functions of this file named `name` return: each `return` value in their bodies (not in closures or
    /// nested functions), or the single expression of a one-line body. The summary a flow follows through a call of the
    /// app's own helper (`let page = getRemoteData()`).
    static func returnedValues(ofFunctionNamed name: String, in file: SwiftFile) -> [ExprSyntax] {
        if let known = file.summaries["return " + name] { return known }
        let values = findReturnedValues(ofFunctionNamed: name, in: file)
        file.summaries["return " + name] = values
        return values
    }

    private static func findReturnedValues(ofFunctionNamed name: String, in file: SwiftFile) -> [ExprSyntax] {
        guard file.contains("func \(name)(") else { return [] }
        var values: [ExprSyntax] = []
        for function in SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree, where: { $0.name.text == name }) {
            guard let body = function.body else { continue }
            if body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) {
                values.append(only)
                continue
            }
            values += SyntaxSearch.all(
                ReturnStmtSyntax.self, in: body,
                where: { statement in
                    var current = statement.parent
                    while let node = current, node.id != body.id {
                        if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return false }
                        current = node.parent
                    }
                    return true
                }
            ).compactMap(\.expression)
        }
        return values
    }

    /// What the calls in this file pass for `parameter` of the function `name`: by label, or by position when the
    /// parameter has none. The summary a flow follows back into a function from its callers (`search(term)` →
    /// `func search(_ term: String)`).
    static func arguments(
        passedTo parameter: FunctionParameterSyntax, ofFunctionNamed name: String, in file: SwiftFile
    ) -> [ExprSyntax] {
        guard name != "init", file.contains("\(name)("),
            let list = parameter.parent?.as(FunctionParameterListSyntax.self),
            let index = list.firstIndex(where: { $0.id == parameter.id }).map({
                list.distance(from: list.startIndex, to: $0)
            })
        else { return [] }
        let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        let key = "calls " + name
        let calls =
            file.summaries[key]
            ?? SyntaxSearch.all(FunctionCallExprSyntax.self, in: file.tree, where: { $0.calledName == name })
            .map(ExprSyntax.init)
        file.summaries[key] = calls
        return calls.compactMap { $0.as(FunctionCallExprSyntax.self) }
            .compactMap { call in
                if let label { return call.argument(label) }
                let arguments = Array(call.arguments)
                guard index < arguments.count, arguments[index].label == nil else { return nil }
                return arguments[index].expression
            }
    }

    /// The parameter of the enclosing function or initializer called `name`, and the function's name.
    static func parameter(named name: String, near node: some SyntaxProtocol) -> (FunctionParameterSyntax, String)? {
        var current = Syntax(node).parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) {
                return find(name, in: f.signature.parameterClause.parameters).map { ($0, f.name.text) }
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return find(name, in: i.signature.parameterClause.parameters).map { ($0, "init") }
            }
            if n.is(ClosureExprSyntax.self) || n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    private static func find(_ name: String, in parameters: FunctionParameterListSyntax) -> FunctionParameterSyntax? {
        parameters.first { ($0.secondName ?? $0.firstName).text == name }
    }
}
