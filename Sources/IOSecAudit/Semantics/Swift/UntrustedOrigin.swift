import IOSecCore
import SwiftSyntax

/// Where a value that reaches an injection sink (SQL, a format, HTML or JavaScript) was made, when that is input the
/// app does not control: text from a URL or file read, a text control, a URL's query or fragment, the pasteboard, a
/// web page's script message, a link the app was opened with. Followed back through the locals of its function, `??`,
/// interpolation, `+` and `String(format:)`; a value passed through an escaping or numeric conversion stops the walk.
///
/// The sources are data (``sources``), as ``SecretOrigin``'s are; what the walk cannot resolve is not a source.
enum UntrustedOrigin {
    struct Source: Sendable {
        enum Shape: Sendable {
            /// A call of this type or function with this argument label: `String(contentsOf: url)`.
            case initializer(String, label: String)
            /// A member of this name whose receiver's text contains one of the hints: `UIPasteboard.general.string`.
            case member(String, receiver: [String])
            /// A member of this name on a parameter declared with this type: `message.body` of a `WKScriptMessage`.
            case memberOfParameter(String, type: String)
            /// A parameter declared with this type in a function of this name: the URL of `application(_:open:)`.
            case parameter(type: String, function: String)
        }
        let shape: Shape
        let note: String
    }

    /// The note of a flow that starts at a web page's script message (`ScriptMessageOriginStage` reads it).
    static let scriptMessage = "a web page's script message"
    /// The note of a flow that starts at the URL the app was opened with.
    static let openedURL = "the URL the app was opened with"

    static let sources: [Source] = [
        .init(shape: .initializer("String", label: "contentsOf"), note: "text read from a URL or file"),
        .init(shape: .initializer("NSString", label: "contentsOf"), note: "text read from a URL or file"),
        .init(shape: .initializer("Data", label: "contentsOf"), note: "data read from a URL or file"),
        .init(shape: .member("string", receiver: ["uipasteboard", "pasteboard"]), note: "the pasteboard's text"),
        .init(shape: .member("query", receiver: ["url", "components"]), note: "a URL's query"),
        .init(shape: .member("fragment", receiver: ["url", "components"]), note: "a URL's fragment"),
        .init(shape: .member("queryItems", receiver: [""]), note: "a URL's query"),
        .init(shape: .memberOfParameter("body", type: "WKScriptMessage"), note: scriptMessage),
        .init(shape: .parameter(type: "URL", function: "application"), note: openedURL),
        .init(shape: .memberOfParameter("url", type: "Set<UIOpenURLContext>"), note: openedURL),
        .init(shape: .memberOfParameter("webpageURL", type: "NSUserActivity"), note: "a universal link")
    ]

    /// Calls and words that make a value safe for the sink it is inserted into, or a number.
    static let sanitizers: Set<String> = [
        "escaped", "escape", "escaping", "encoded", "encoding", "sanitized", "sanitize", "percent", "quoted", "Int",
        "Double", "Int64", "Int32", "Float", "UUID", "count"
    ]

    /// Which part of a value input must make. An injection sink cares about any part (`"SELECT … '\(q)'"`); where a
    /// request goes is decided by the head of its URL (`"https://api.example.com/?q=\(q)"` still goes to the app's
    /// server), and only input a stranger chooses decides it: a link's query or fragment, a web page's script
    /// message, the pasteboard. What the user types (a self-hosted server's address), what the app downloads and
    /// the link or document the app was opened with are not a stranger's choice of destination.
    enum Reach: Sendable {
        case anyPart, origin
    }

    /// The reach of the rule whose sink the project pass is judging (`CallerArgumentsStage`).
    @TaskLocal static var currentReach: Reach = .anyPart

    /// What a rule's sink needs input to make: where a credential goes is decided by a URL's head.
    static func reach(ofRule ruleId: String) -> Reach {
        ruleId == CredentialToUntrustedURLRule.description.id ? .origin : .anyPart
    }

    /// The notes of sources that do not choose a destination (`Reach.origin`).
    private static let notDestinations: Set<String> = [
        "text read from a URL or file", "data read from a URL or file", openedURL, "a universal link"
    ]

    /// The steps from the untrusted source to `expr`, source first; nil when no source is found.
    static func trace(_ expr: ExprSyntax, in file: SwiftFile, reach: Reach = .anyPart) -> [FlowStep]? {
        trace(expr, in: file, depth: 0, budget: Budget(reach: reach))
    }

    /// Expressions one trace may look at: summaries fan out (a helper's every `return`, a function's every caller),
    /// and hostile code (thousands of overloads of one name, helpers that call each other) must not multiply them.
    /// It carries the trace's `Reach` too.
    final class Budget {
        private var left = 256
        let reach: Reach
        init(reach: Reach = .anyPart) { self.reach = reach }
        func spend() -> Bool {
            left -= 1
            return left >= 0
        }
    }

    private static func trace(_ expr: ExprSyntax, in file: SwiftFile, depth: Int, budget: Budget) -> [FlowStep]? {
        guard depth < 8, budget.spend() else { return nil }
        let e = expr.unwrapped
        if let note = sourceNote(of: e, in: file) {
            guard budget.reach == .anyPart || !notDestinations.contains(note) && !note.hasPrefix("what the user typed")
            else { return nil }
            return [file.step(at: e, note)]
        }
        if let literal = e.as(StringLiteralExprSyntax.self) {
            // Where a URL points is decided by its head: text after a fixed `https://host/` does not move it.
            let segments = budget.reach == .origin ? Array(literal.segments.prefix(1)) : Array(literal.segments)
            for segment in segments {
                guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                    let value = interpolation.expressions.first?.expression,
                    let steps = trace(value, in: file, depth: depth + 1, budget: budget)
                else { continue }
                return steps + [file.step(at: value, "inserted into text")]
            }
            return nil
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            guard operators.allSatisfy({ $0 == "+" || $0 == "??" }) else { return nil }
            // `a ?? b`: the value is `a`'s (a fallback is the app's own); `a + b`: any part.
            let operands = Array(sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) })
            let decisive = operators.first == "??" || budget.reach == .origin
            for operand in decisive ? Array(operands.prefix(1)) : operands {
                if let steps = trace(operand, in: file, depth: depth + 1, budget: budget) { return steps }
            }
            return nil
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let name = call.calledName ?? ""
            if sanitizers.contains(name) || SensitiveName.words(name).contains(where: sanitizers.contains) {
                return nil
            }
            // A URL made from a base: the base decides where it points.
            if budget.reach == .origin,
                ["appendingPathComponent", "appending", "appendingPathExtension", "deletingLastPathComponent"]
                    .contains(name),
                let base = call.calledBase
            {
                return trace(base, in: file, depth: depth, budget: budget)
            }
            if name == "String", call.argument("format") != nil {
                guard budget.reach == .anyPart else { return nil }
                for argument in call.arguments.dropFirst() {
                    if let steps = trace(argument.expression, in: file, depth: depth + 1, budget: budget) {
                        return steps
                    }
                }
                return nil
            }
            // `URL(string: remote)`, `URL(string: "/path", relativeTo: remoteURL)`: a URL made of the input.
            if name == "URL" {
                for label in ["string", "relativeTo"] {
                    if let argument = call.argument(label),
                        let steps = trace(argument, in: file, depth: depth + 1, budget: budget)
                    {
                        return steps
                    }
                }
                return nil
            }
            // `String(remote)`, `String(data: body, encoding: .utf8)`, `queryItems.first(where:)`: the same value.
            if ["String", "NSString"].contains(name), let inner = call.arguments.first?.expression {
                return trace(inner, in: file, depth: depth + 1, budget: budget)
            }
            // `Data(remote.utf8)`, `remote.data(using: .utf8)`: the same text as bytes. A step into a part of the
            // expression, so it costs no depth.
            if name == "Data", let inner = call.arguments.first, inner.label == nil {
                return trace(inner.expression, in: file, depth: depth, budget: budget)
            }
            if name == "data", call.argument("using") != nil, let base = call.calledBase {
                return trace(base, in: file, depth: depth, budget: budget)
            }
            if [
                "first", "last", "trimmingCharacters", "lowercased", "uppercased", "replacingOccurrences", "dropFirst",
                "dropLast", "prefix", "suffix", "removingPercentEncoding"
            ].contains(name),
                let base = call.calledBase
            {
                // A step into a part of the expression: it costs no depth, only budget.
                return trace(base, in: file, depth: depth, budget: budget)
            }
            // `getRemoteData()`: a function of this file, through what it returns.
            if call.calledExpression.is(DeclReferenceExprSyntax.self) {
                for value in ValuePath.returnedValues(ofFunctionNamed: name, in: file).prefix(8) {
                    if let steps = trace(value, in: file, depth: depth + 1, budget: budget) {
                        return steps + [file.step(at: call, "returned by `\(name)()`")]
                    }
                }
            }
            return nil
        }
        // `body["name"]` of a script message's body: an element of input is input. A step into a part of the
        // expression: it costs no depth.
        if let subscriptCall = e.as(SubscriptCallExprSyntax.self) {
            return trace(subscriptCall.calledExpression, in: file, depth: depth, budget: budget)
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if sanitizers.contains(name) { return nil }
            if name == "utf8" { return trace(base, in: file, depth: depth, budget: budget) }
            if ["value", "text", "absoluteString", "path", "description", "first", "last", "host"].contains(name) {
                return trace(base, in: file, depth: depth, budget: budget)
            }
            return nil
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            // A destination whose host the function checks (`guard target.host == "api.example.com"`) is chosen.
            if budget.reach == .origin, checksHost(of: name, near: ref) { return nil }
            let initial = LocalValue.initializer(of: name, before: ref)
            if let value = initial, value.as(DeclReferenceExprSyntax.self)?.baseName.text != name,
                let steps = trace(value, in: file, depth: depth + 1, budget: budget)
            {
                return steps + [file.step(at: value, "assigned to `\(name)`")]
            }
            // `path += name`, `url.appendPathComponent(name)`, `html.append(body)`: what the function adds to it.
            // What is added after the head moves no destination; an element stored whole is the element.
            let additions =
                LocalMutation.values(addedTo: name, before: ref, elementsOnly: budget.reach == .origin) ?? []
            for added in additions.prefix(8) {
                if let steps = trace(added, in: file, depth: depth + 1, budget: budget) {
                    return steps + [file.step(at: added, "added to `\(name)`")]
                }
            }
            if initial != nil { return nil }
            // `for item in components.queryItems ?? [] { … item.value … }`: an element of input is input; so is what
            // a pattern binds (`case let text as String` of `switch message.body`, `if case let x? = value`).
            if let (matched, how) = patternSource(binding: name, around: ref),
                let steps = trace(matched, in: file, depth: depth + 1, budget: budget)
            {
                return steps + [file.step(at: matched, "\(how) `\(name)`")]
            }
            // A parameter: what a caller in this file passes (one caller passing input is a flow). Two levels of
            // callers and a few calls each keep a file of many calls to one helper linear.
            if depth < 3, let (parameter, function) = ValuePath.parameter(named: name, near: ref) {
                for argument in ValuePath.arguments(passedTo: parameter, ofFunctionNamed: function, in: file).prefix(8)
                {
                    if let steps = trace(argument, in: file, depth: depth + 1, budget: budget) {
                        return steps + [
                            file.step(at: argument, "passed to `\(function)`"),
                            file.step(at: parameter, "parameter `\(name)` of `\(function)`")
                        ]
                    }
                }
            }
            // A closure's parameter: what the function of this file the closure is handed to calls it with.
            if depth < 3, let (values, function) = ValuePath.closureArguments(forParameter: name, near: ref, in: file) {
                for value in values {
                    if let steps = trace(value, in: file, depth: depth + 1, budget: budget) {
                        return steps + [file.step(at: value, "passed by `\(function)` to the closure's `\(name)`")]
                    }
                }
            }
            return nil
        }
        return nil
    }

    /// The value a pattern around `use` binds `name` from: the sequence of a `for` loop, the subject of the `switch`
    /// whose case binds it, the value an `if case` / `guard case` condition matches.
    private static func patternSource(
        binding name: String, around use: DeclReferenceExprSyntax
    ) -> (ExprSyntax, String)? {
        // A value cast to a number or a flag (`case let n as Int`) carries no text into a sink.
        func binds(_ pattern: some SyntaxProtocol) -> Bool {
            var found = false
            var previous = ""
            for token in pattern.tokens(viewMode: .sourceAccurate) {
                if token.text == name, token.parent?.is(IdentifierPatternSyntax.self) == true { found = true }
                if previous == "as", FieldSink.textlessTypes.contains(token.text) { return false }
                previous = token.text
            }
            return found
        }
        var node = Syntax(use).parent
        while let current = node, !current.isBodyOwner {
            if let loop = current.as(ForStmtSyntax.self), loop.body.position <= use.position, binds(loop.pattern) {
                return (loop.sequence, "an element taken as")
            }
            if let switchCase = current.as(SwitchCaseSyntax.self),
                let label = switchCase.label.as(SwitchCaseLabelSyntax.self), binds(label),
                let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject
            {
                return (subject, "matched as")
            }
            var conditions = current.as(IfExprSyntax.self)?.conditions ?? current.as(WhileStmtSyntax.self)?.conditions
            // A `guard case` binds for the rest of its block: a statement before the use.
            if conditions == nil, let block = current.as(CodeBlockItemListSyntax.self) {
                // Guards stand at the top of a block: its first statements are read, not a long body's every one.
                conditions =
                    block.prefix(64).lazy.filter { $0.position < use.position && $0.item.is(GuardStmtSyntax.self) }
                    .compactMap { $0.item.as(GuardStmtSyntax.self)?.conditions }.last
            }
            for condition in conditions ?? [] where condition.position < use.position {
                if let match = condition.condition.as(MatchingPatternConditionSyntax.self), binds(match.pattern) {
                    return (match.initializer.value, "matched as")
                }
            }
            node = current.parent
        }
        return nil
    }

    /// Whether the function around `use` reads `name.host` (or `name.host()`): the destination is checked.
    private static func checksHost(of name: String, near use: DeclReferenceExprSyntax) -> Bool {
        guard let body = use.enclosingFunction?.body else { return false }
        var previous: TokenSyntax?
        var beforePrevious: TokenSyntax?
        for token in body.tokens(viewMode: .sourceAccurate) {
            if token.text == "host", previous?.tokenKind == .period, beforePrevious?.text == name { return true }
            beforePrevious = previous
            previous = token
        }
        return false
    }

    /// A resource of the app's own bundle: `Bundle.main.url(forResource: "help", withExtension: "html")`, directly or
    /// through a local.
    private static func isBundled(_ location: ExprSyntax) -> Bool {
        var text = location.trimmedDescription
        if let ref = location.unwrapped.as(DeclReferenceExprSyntax.self),
            let value = LocalValue.initializer(of: ref.baseName.text, before: ref)
        {
            text = value.trimmedDescription
        }
        return text.contains("Bundle.") || text.contains("forResource")
    }

    /// The note of the source `expr` is, when it is one.
    private static func sourceNote(of expr: ExprSyntax, in file: SwiftFile) -> String? {
        if let call = expr.as(FunctionCallExprSyntax.self), let name = call.calledName {
            for source in sources {
                if case .initializer(let type, let label) = source.shape, type == name,
                    let location = call.argument(label), !isBundled(location)
                {
                    return source.note
                }
            }
            return nil
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            // `nameField.text`: a control the user types into.
            if name == "text", let control = base.lastName, WebViewHTMLInjectionRule.isInputControl(control) {
                return "what the user typed into `\(control)`"
            }
            let receiver = base.trimmedDescription.lowercased()
            let parameterType = base.as(DeclReferenceExprSyntax.self).flatMap {
                Sensitivity.parameterType(of: $0.baseName.text, near: $0)
            }
            for source in sources {
                switch source.shape {
                case .member(let memberName, let hints) where memberName == name:
                    if hints.contains(where: { $0.isEmpty || receiver.contains($0) }) { return source.note }
                    // `link.query` where the function declares `link: URL`: the type says what the name does not.
                    if let type = parameterType?.trimmingScalars(in: "?!").lowercased(),
                        hints.contains(where: { !$0.isEmpty && type.contains($0) })
                    {
                        return source.note
                    }
                case .memberOfParameter(let memberName, let type) where memberName == name:
                    if parameterType?.trimmingScalars(in: "?!") == type { return source.note }
                default: continue
                }
            }
            return nil
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self),
            let (parameter, function) = ValuePath.parameter(named: ref.baseName.text, near: ref)
        {
            let type = parameter.type.trimmedDescription
            for source in sources {
                if case .parameter(let sourceType, let sourceFunction) = source.shape, type == sourceType,
                    function == sourceFunction
                {
                    return source.note
                }
            }
        }
        return nil
    }
}
