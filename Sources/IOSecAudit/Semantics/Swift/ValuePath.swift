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
        return SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree, where: { $0.name.text == name }).flatMap(
            returnedValues(of:))
    }

    /// What the computed properties of this file named `name` return (`var queryString: String { switch self { … } }`):
    /// each `return` of their getters, or a getter's one expression.
    static func returnedValues(ofPropertyNamed name: String, in file: SwiftFile) -> [ExprSyntax] {
        if let known = file.summaries["property " + name] { return known }
        var values: [ExprSyntax] = []
        if file.contains("var \(name):") {
            for variable in SyntaxSearch.all(VariableDeclSyntax.self, in: file.tree, where: { _ in true }) {
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    guard let block = binding.accessorBlock else { continue }
                    switch block.accessors {
                    case .getter(let statements):
                        values += returnedValues(of: statements)
                    case .accessors(let accessors):
                        for accessor in accessors where accessor.accessorSpecifier.tokenKind == .keyword(.get) {
                            if let body = accessor.body { values += returnedValues(of: body.statements) }
                        }
                    }
                }
            }
        }
        file.summaries["property " + name] = values
        return values
    }

    /// The values `function` returns: its every `return` outside nested closures and functions, or its one
    /// expression.
    static func returnedValues(of function: FunctionDeclSyntax) -> [ExprSyntax] {
        guard let body = function.body else { return [] }
        return returnedValues(of: body.statements)
    }

    private static func returnedValues(of body: CodeBlockItemListSyntax) -> [ExprSyntax] {
        // A one-statement `switch` or `if` returns from its branches.
        if body.count == 1, let only = body.first?.item.as(ExprSyntax.self), !only.is(SwitchExprSyntax.self),
            !only.is(IfExprSyntax.self)
        {
            return [only]
        }
        return SyntaxSearch.all(
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

    /// The parts text is made of, as far as the function shows: `value` itself, or what interpolation, `+` and the
    /// first operand of `??` put in, followed through `let` locals; at most `limit` of them. A sink that cares about
    /// any part of its value asks each.
    static func parts(of value: ExprSyntax, limit: Int) -> [ExprSyntax] {
        var found: [ExprSyntax] = []
        collectParts(value, depth: 0, limit: limit, into: &found)
        return found
    }

    private static func collectParts(_ value: ExprSyntax, depth: Int, limit: Int, into found: inout [ExprSyntax]) {
        guard depth < 4, found.count < limit else { return }
        let e = value.unwrapped
        if let literal = e.as(StringLiteralExprSyntax.self) {
            for segment in literal.segments {
                guard let part = segment.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression else {
                    continue
                }
                collectParts(part, depth: depth + 1, limit: limit, into: &found)
            }
        } else if let sequence = e.as(SequenceExprSyntax.self) {
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard operators.allSatisfy({ $0 == "+" || $0 == "??" }) else { return }
            let operands = sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }
            for operand in operators.first == "??" ? Array(operands.prefix(1)) : Array(operands) {
                collectParts(operand, depth: depth + 1, limit: limit, into: &found)
            }
        } else if let ref = e.as(DeclReferenceExprSyntax.self),
            let local = LocalValue.initializer(of: ref.baseName.text, before: ref),
            local.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text != ref.baseName.text
        {
            collectParts(local, depth: depth + 1, limit: limit, into: &found)
        } else {
            found.append(e)
        }
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

    /// A parameter of the closure around `node` called `name`, when the closure is handed to a function of this
    /// file: what that function passes when it calls the closure (`run { script in web.evaluateJavaScript(script) }`
    /// with `func run(_ body: (String) -> Void) { body(remote) }` gives `remote`), and the function's name.
    static func closureArguments(
        forParameter name: String, near node: some SyntaxProtocol, in file: SwiftFile
    ) -> (values: [ExprSyntax], function: String)? {
        var current = Syntax(node).parent
        var closure: ClosureExprSyntax?
        while let n = current, closure == nil {
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) || n.is(MemberBlockSyntax.self) {
                return nil
            }
            if let c = n.as(ClosureExprSyntax.self), closureParameterNames(c).contains(name) { closure = c }
            current = n.parent
        }
        guard let closure, let index = closureParameterNames(closure).firstIndex(of: name) else { return nil }
        // The call the closure is an argument of, and which of the callee's parameters it is.
        var call: FunctionCallExprSyntax?
        var label: String?
        var position: Int?
        if let argument = closure.parent?.as(LabeledExprSyntax.self),
            let list = argument.parent?.as(LabeledExprListSyntax.self)
        {
            call = list.parent?.as(FunctionCallExprSyntax.self)
            label = argument.label?.text
            position = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) }
        } else if let c = closure.parent?.as(FunctionCallExprSyntax.self), c.trailingClosure?.id == closure.id {
            call = c
        }
        guard let call, call.calledExpression.is(DeclReferenceExprSyntax.self), let function = call.calledName,
            file.contains("func \(function)(")
        else { return nil }
        let declarations = SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree) { $0.name.text == function }
        var values: [ExprSyntax] = []
        for declaration in declarations.prefix(4) {
            let parameters = Array(declaration.signature.parameterClause.parameters)
            let parameter: FunctionParameterSyntax? =
                if let label {
                    parameters.first { $0.firstName.text == label }
                } else if let position, position < parameters.count {
                    parameters[position]
                } else {
                    parameters.last
                }
            guard let parameter, let body = declaration.body else { continue }
            let inner = (parameter.secondName ?? parameter.firstName).text
            let calls = SyntaxSearch.all(FunctionCallExprSyntax.self, in: body) {
                $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == inner
            }
            for call in calls.prefix(8) {
                let arguments = Array(call.arguments)
                if index < arguments.count { values.append(arguments[index].expression) }
            }
        }
        return values.isEmpty ? nil : (values, function)
    }

    /// `{ a, b in }`, `{ (a: String, b) in }` → ["a", "b"].
    private static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: list.map(\.name.text)
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: []
        }
    }

    /// The parameter of the enclosing function or initializer called `name`, and the function's name. With
    /// `throughClosures`, from inside a closure that declares no parameter of that name too: parameters do not
    /// change, so what the closure reads is what the caller passed, whenever it runs. (A flow search that follows
    /// every parameter to its callers does not cross closures: that is where its cost is.)
    static func parameter(
        named name: String, near node: some SyntaxProtocol, throughClosures: Bool = false
    ) -> (FunctionParameterSyntax, String)? {
        var current = Syntax(node).parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) {
                return find(name, in: f.signature.parameterClause.parameters).map { ($0, f.name.text) }
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return find(name, in: i.signature.parameterClause.parameters).map { ($0, "init") }
            }
            if let closure = n.as(ClosureExprSyntax.self),
                !throughClosures || closureParameterNames(closure).contains(name)
            {
                return nil
            }
            if n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    private static func find(_ name: String, in parameters: FunctionParameterListSyntax) -> FunctionParameterSyntax? {
        parameters.first { ($0.secondName ?? $0.firstName).text == name }
    }
}
