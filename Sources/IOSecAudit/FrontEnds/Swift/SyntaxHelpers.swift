@_spi(RawSyntax) import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The called name: `set` for `defaults.set(x, forKey:)`, `UIWebView` for `UIWebView(frame:)`,
    /// `MD5` for `Insecure.MD5.hash(data:)`'s callee `hash`... (always the last component).
    public var calledName: String? {
        let callee = calledExpression
        if let ref = callee.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            return generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return nil
    }

    /// `calledName`'s bytes, without making a `String`: for deciding cheaply whether anything wants the call.
    var calledNameText: SyntaxText? { Self.calledNameText(raw) }

    /// ``calledNameText`` of a raw call node. Read from the raw nodes: the dispatcher asks this of every call, and
    /// making the callee's nodes to answer cost more than the answer.
    static func calledNameText(_ raw: RawSyntax) -> SyntaxText? {
        guard let call = RawFunctionCallExprSyntax(raw) else { return nil }
        let callee = call.calledExpression
        if let ref = RawDeclReferenceExprSyntax(callee) { return ref.baseName.tokenText }
        if let member = RawMemberAccessExprSyntax(callee) { return member.declName.baseName.tokenText }
        if let generic = RawGenericSpecializationExprSyntax(callee) {
            return RawDeclReferenceExprSyntax(generic.expression)?.baseName.tokenText
        }
        return nil
    }

    /// The argument labels as the tokens' text (absent labels left out), read from the raw nodes.
    var argumentLabelTexts: [SyntaxText] { Self.argumentLabelTexts(raw) }

    static func argumentLabelTexts(_ raw: RawSyntax) -> [SyntaxText] {
        guard let call = RawFunctionCallExprSyntax(raw), let list = call.arguments.raw.layoutView else { return [] }
        return list.children.compactMap { child in
            child.flatMap(RawLabeledExprSyntax.init)?.label?.tokenText
        }
    }

    /// The text of what the call is made on: `UserDefaults.standard` for `UserDefaults.standard.set(…)`.
    public var calledBase: ExprSyntax? {
        calledExpression.as(MemberAccessExprSyntax.self)?.base
    }

    /// The argument with this label (`nil` label for unlabeled ones: the first unlabeled).
    public func argument(_ label: String?) -> ExprSyntax? {
        for argument in arguments where argument.label?.text == label {
            return argument.expression
        }
        return nil
    }

    /// The argument labels, in order (`_` for unlabeled).
    public var argumentLabels: [String] {
        arguments.map { $0.label?.text ?? "_" }
    }
}

extension ExprSyntax {
    /// The value of a plain string literal (no interpolation), else nil.
    public var stringLiteralValue: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    /// The two values `c ? a : b` picks from, folded or not (the raw tree keeps `?:` in a sequence); nil for any
    /// other expression.
    public var conditionalBranches: (then: ExprSyntax, otherwise: ExprSyntax)? {
        if let ternary = self.as(TernaryExprSyntax.self) { return (ternary.thenExpression, ternary.elseExpression) }
        guard let sequence = self.as(SequenceExprSyntax.self),
            let ternary = sequence.elements.first(where: { $0.is(UnresolvedTernaryExprSyntax.self) })?.as(
                UnresolvedTernaryExprSyntax.self),
            let otherwise = sequence.elements.last, !otherwise.is(UnresolvedTernaryExprSyntax.self)
        else { return nil }
        return (ternary.thenExpression, otherwise)
    }

    /// Strips `try`, `await`, `!`, `?`, parentheses and `as` casts that do not change what value is meant.
    public var unwrapped: ExprSyntax {
        var expr = self
        while true {
            if let e = expr.as(TryExprSyntax.self) {
                expr = e.expression
                continue
            }
            if let e = expr.as(AwaitExprSyntax.self) {
                expr = e.expression
                continue
            }
            if let e = expr.as(ForceUnwrapExprSyntax.self) {
                expr = e.expression
                continue
            }
            if let e = expr.as(OptionalChainingExprSyntax.self) {
                expr = e.expression
                continue
            }
            if let e = expr.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first,
                only.label == nil
            {
                expr = only.expression
                continue
            }
            if let e = expr.as(AsExprSyntax.self) {
                expr = e.expression
                continue
            }
            // Unfolded `value as Type`, or a chain of casts (`[…] as [CFString: Any] as CFDictionary`; the parser
            // leaves operators unfolded): the value.
            if let e = expr.as(SequenceExprSyntax.self), e.elements.count >= 3, e.elements.count % 2 == 1,
                let first = e.elements.first,
                e.elements.dropFirst().enumerated().allSatisfy({
                    $0.offset % 2 == 1 || $0.element.is(UnresolvedAsExprSyntax.self)
                })
            {
                expr = first
                continue
            }
            return expr
        }
    }

    /// The last name of a reference or member access: `token` for `session.token`, nil otherwise.
    public var lastName: String? {
        let e = unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = e.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// ``lastName`` as the token's text, with no `String` made: for a check on bytes before a table lookup.
    var lastNameText: SyntaxText? {
        let e = unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.rawText }
        if let member = e.as(MemberAccessExprSyntax.self) { return member.declName.baseName.rawText }
        return nil
    }

    /// `true` / `false` literal value.
    public var booleanLiteralValue: Bool? {
        guard let literal = unwrapped.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }
}

extension SyntaxProtocol {
    /// The node's source text without its outer trivia: what `trimmedDescription` gives, without building a
    /// trimmed copy of the tree (rules ask for it on hot paths).
    public var sourceText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The nearest enclosing function, initializer, accessor or closure body: the scope local data flow
    /// looks in.
    public var enclosingBody: CodeBlockItemListSyntax? {
        var current = Syntax(self).parent
        while let node = current {
            if node.isBodyOwner { return node.ownedBody }
            current = node.parent
        }
        return nil
    }

    /// The innermost statement list around the node: a function's body, or an `if` / `else` / loop / closure block.
    public var enclosingBlock: CodeBlockItemListSyntax? {
        var current = Syntax(self).parent
        while let node = current {
            if let list = node.as(CodeBlockItemListSyntax.self) { return list }
            current = node.parent
        }
        return nil
    }

    /// The nearest enclosing type declaration (class, struct, enum, actor, extension).
    public var enclosingTypeDecl: DeclSyntaxProtocol? {
        var current = Syntax(self).parent
        while let node = current {
            if let d = node.as(ClassDeclSyntax.self) { return d }
            if let d = node.as(StructDeclSyntax.self) { return d }
            if let d = node.as(EnumDeclSyntax.self) { return d }
            if let d = node.as(ActorDeclSyntax.self) { return d }
            if let d = node.as(ExtensionDeclSyntax.self) { return d }
            current = node.parent
        }
        return nil
    }

    /// The nearest enclosing function declaration.
    public var enclosingFunction: FunctionDeclSyntax? {
        var current = Syntax(self).parent
        while let node = current {
            if let f = node.as(FunctionDeclSyntax.self) { return f }
            current = node.parent
        }
        return nil
    }
}

/// Local data flow: where did a name's value come from in the same function?
public enum LocalValue {
    /// The initializer of the nearest `let`/`var` named `name` declared before `use` in the enclosing
    /// bodies (innermost first), or nil. Looks through `if let`/`guard let` bindings too.
    public static func initializer(of name: String, before use: some SyntaxProtocol) -> ExprSyntax? {
        if let memo = AnalysisMemo.current, !memo.names.declared.contains(name) { return nil }
        let usePosition = use.position
        var current = Syntax(use).parent
        // Innermost scope first; each scope's owner is passed once, so the walk always moves outward.
        while let node = current {
            if let body = scopeBody(of: node), let found = search(body, name: name, before: usePosition) {
                return found
            }
            // `if let name = value { … use … }`
            if node.kind == .ifExpr, let ifExpr = node.as(IfExprSyntax.self), ifExpr.body.position <= usePosition,
                let bound = binding(of: name, in: ifExpr.conditions)
            {
                return bound
            }
            current = node.parent
        }
        return nil
    }

    /// The statements a function, initializer, accessor, closure or file owns.
    private static func scopeBody(of node: Syntax) -> CodeBlockItemListSyntax? {
        // By kind first: this is asked of every node on the way up from every name a rule follows.
        switch node.kind {
        case .functionDecl, .initializerDecl, .accessorDecl, .closureExpr, .sourceFile:
            return node.ownedBody
        case .codeBlock:
            switch node.parent?.kind {
            case .functionDecl, .initializerDecl, .accessorDecl: return nil
            // `if`/`guard`/`do` blocks: locals declared there count too.
            default: return node.as(CodeBlockSyntax.self)?.statements
            }
        // A `case` of a `switch` holds its statements without braces.
        case .switchCase:
            return node.as(SwitchCaseSyntax.self)?.statements
        // A computed property's implicit getter: `var id: String { let made = …; return made }`.
        case .accessorBlock:
            if case .getter(let statements) = node.as(AccessorBlockSyntax.self)?.accessors { return statements }
            return nil
        default:
            return nil
        }
    }

    /// Whether any statement of `body` declares `name` (`let`/`var`) or binds it in a `guard`, read from the raw
    /// layout: most bodies searched hold neither, and making each statement's nodes to find that out cost more than
    /// the search. It may say yes wrongly (a declaration after the use), never no wrongly.
    private static func mayBind(_ name: String, in body: CodeBlockItemListSyntax) -> Bool {
        guard let items = body.raw.layoutView?.children else { return true }
        let length = name.utf8.count
        func isName(_ token: RawTokenSyntax?) -> Bool {
            guard let text = token?.tokenText, text.count == length else { return false }
            return String(syntaxText: text) == name
        }
        for case let item? in items {
            guard let statement = RawCodeBlockItemSyntax(item)?.item.raw else { continue }
            switch statement.kind {
            case .variableDecl:
                guard let bindings = RawVariableDeclSyntax(statement)?.bindings.raw.layoutView?.children else {
                    return true
                }
                for case let binding? in bindings {
                    guard let pattern = RawPatternBindingSyntax(binding)?.pattern.raw else { continue }
                    if let identifier = RawIdentifierPatternSyntax(pattern) {
                        if isName(identifier.identifier) { return true }
                    } else {
                        return true  // a tuple pattern: left to the full search
                    }
                }
            case .guardStmt:
                guard let conditions = RawGuardStmtSyntax(statement)?.conditions.raw.layoutView?.children else {
                    return true
                }
                for case let condition? in conditions {
                    guard let element = RawConditionElementSyntax(condition)?.condition else { continue }
                    if let binding = RawOptionalBindingConditionSyntax(element),
                        let identifier = RawIdentifierPatternSyntax(binding.pattern.raw), !isName(identifier.identifier)
                    {
                        continue
                    }
                    if element.kind == .optionalBindingCondition { return true }
                }
            default:
                continue
            }
        }
        return false
    }

    /// The value bound to `name` by `if let` / `guard let` conditions (`name` itself for shorthand `if let name`).
    private static func binding(of name: String, in conditions: ConditionElementListSyntax) -> ExprSyntax? {
        var result: ExprSyntax?
        for condition in conditions {
            if let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            {
                result = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
            }
        }
        return result
    }

    private static func search(_ body: CodeBlockItemListSyntax, name: String, before: AbsolutePosition) -> ExprSyntax? {
        // Rules ask about many names in the same body: in a file's walk its statements are read once for all of
        // them (a generated function of thousands of locals stays linear).
        let events: [BindingEvent]
        if let memo = AnalysisMemo.current {
            events = memo.bindingEvents(in: body) { allBindingEvents(in: body) }[name] ?? []
        } else {
            guard mayBind(name, in: body) else { return nil }
            events = bindingEvents(of: name, in: body)
        }
        var result: ExprSyntax?
        var declared = false
        for event in events {
            guard event.position < before else { break }
            switch event.change {
            case .declared(let value):
                result = value
                declared = true
            case .assigned(let value):
                if declared { result = value }
            case .bound(let value):
                result = value
            }
        }
        return result
    }

    /// A statement of a body that gives `name` a value, at the statement's position.
    struct BindingEvent {
        enum Change {
            /// `let name = value`, `var name = value`
            case declared(ExprSyntax)
            /// `name = value`, or `f(&name)`, which makes the value unknown: counts once `name` is declared.
            case assigned(ExprSyntax)
            /// `guard let name = value`
            case bound(ExprSyntax)
        }
        let position: AbsolutePosition
        let change: Change
    }

    /// The statements of `body` that give `name` a value, in order, whatever position they are asked about from.
    /// The statements of `body` that give each name a value, by name, in order: `bindingEvents(of:in:)` for every
    /// name in one read.
    static func allBindingEvents(in body: CodeBlockItemListSyntax) -> [String: [BindingEvent]] {
        var events: [String: [BindingEvent]] = [:]
        var declared: Set<String> = []
        for item in body {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                var values: [(String, ExprSyntax)] = []
                for binding in decl.bindings {
                    if let id = binding.pattern.as(IdentifierPatternSyntax.self),
                        let initializer = binding.initializer?.value
                    {
                        values.append((id.identifier.text, initializer))
                    }
                }
                for (name, value) in values {
                    events[name, default: []].append(BindingEvent(position: item.position, change: .declared(value)))
                    declared.insert(name)
                }
            }
            if let expr = item.item.as(ExprSyntax.self), !declared.isEmpty {
                if let assignment = expr.as(SequenceExprSyntax.self)?.simpleAssignment,
                    let name = assignment.target.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    declared.contains(name)
                {
                    events[name, default: []].append(
                        BindingEvent(position: item.position, change: .assigned(assignment.value)))
                } else if AnalysisMemo.current?.mayContain(UInt8(ascii: "&"), in: expr) ?? true {
                    var handed: Set<String> = []
                    for token in expr.tokens(viewMode: .sourceAccurate)
                    where declared.contains(token.text)
                        && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand
                    {
                        handed.insert(token.text)
                    }
                    for name in handed.sorted() {
                        let unknown = ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("__unknown__")))
                        events[name, default: []].append(
                            BindingEvent(position: item.position, change: .assigned(unknown)))
                    }
                }
            }
            if let guardStmt = item.item.as(GuardStmtSyntax.self) {
                var bound: [String: ExprSyntax] = [:]
                var order: [String] = []
                for condition in guardStmt.conditions {
                    guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                    else { continue }
                    if bound[name] == nil { order.append(name) }
                    bound[name] =
                        binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                }
                for name in order {
                    if let value = bound[name] {
                        events[name, default: []].append(BindingEvent(position: item.position, change: .bound(value)))
                    }
                }
            }
        }
        return events
    }

    private static func bindingEvents(of name: String, in body: CodeBlockItemListSyntax) -> [BindingEvent] {
        var events: [BindingEvent] = []
        var declared = false
        for item in body {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                var value: ExprSyntax?
                for binding in decl.bindings {
                    if let id = binding.pattern.as(IdentifierPatternSyntax.self), id.identifier.text == name,
                        let initializer = binding.initializer?.value
                    {
                        value = initializer
                    }
                }
                if let value {
                    events.append(BindingEvent(position: item.position, change: .declared(value)))
                    declared = true
                }
            }
            // A later `name = value` replaces the value; `f(&name)` makes it unknown. Before any declaration
            // neither counts, so neither is looked for.
            if declared, let expr = item.item.as(ExprSyntax.self) {
                if let assignment = expr.as(SequenceExprSyntax.self)?.simpleAssignment,
                    assignment.target.as(DeclReferenceExprSyntax.self)?.baseName.text == name
                {
                    events.append(BindingEvent(position: item.position, change: .assigned(assignment.value)))
                } else if AnalysisMemo.current?.mayContain(UInt8(ascii: "&"), in: expr) ?? true,
                    expr.tokens(viewMode: .sourceAccurate).contains(where: { token in
                        token.text == name
                            && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand
                    })
                {
                    let unknown = ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("__unknown__")))
                    events.append(BindingEvent(position: item.position, change: .assigned(unknown)))
                }
            }
            if let guardStmt = item.item.as(GuardStmtSyntax.self),
                let bound = binding(of: name, in: guardStmt.conditions)
            {
                events.append(BindingEvent(position: item.position, change: .bound(bound)))
            }
        }
        return events
    }
}

/// What the code adds to a local `var` after it is declared: `name.append(x)`, `name += x`, `name = x` anywhere in
/// its function, closures included. `LocalValue` gives the value a name starts with; a judgement of the whole value
/// (is this SQL all the app's own text?) needs every part.
enum LocalMutation {
    /// A change a function makes to a variable: a value added or assigned, or one whose effect is unknown.
    enum Change {
        case added(ExprSyntax)
        /// `name[key] = value`: an element, whole, not a part joined to what is there.
        case stored(ExprSyntax)
        case unknown
    }

    /// The values added to or assigned to `name` in the function around `use`, before it (each operand of
    /// `name += a + b`, `name.append(a)`, `url.appendPathComponent(a)`, `name[key] = a`; with `elementsOnly`, only the
    /// elements stored whole); nil when the function hands the variable to a call as `&name`, or adds anything but a
    /// sum, whose effect is unknown.
    static func values(
        addedTo name: String, before use: some SyntaxProtocol, elementsOnly: Bool = false
    ) -> [ExprSyntax]? {
        var current = Syntax(use).parent
        var function: Syntax?
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
                || node.is(AccessorDeclSyntax.self)
            {
                function = node
                break
            }
            current = node.parent
        }
        guard let function, let body = function.ownedBody else { return [] }
        // Every variable's changes are read in one walk of the body, once per body in a file's walk.
        let all = AnalysisMemo.current?.mutations(in: body) { changes(in: body) } ?? changes(in: body)
        var values: [ExprSyntax] = []
        for (position, change) in all[name] ?? [] where position < use.position {
            switch change {
            case .added(let value): if !elementsOnly { values.append(value) }
            case .stored(let value): values.append(value)
            case .unknown: return nil
            }
        }
        return values
    }

    /// The changes the statements of `body` make to each name, in source order.
    static func changes(in body: CodeBlockItemListSyntax) -> [String: [(AbsolutePosition, Change)]] {
        var all: [String: [(AbsolutePosition, Change)]] = [:]
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .prefixAmpersand {
                all[name, default: []].append((token.position, .unknown))
                continue
            }
            guard let ref = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            // `name.append(x)`, `name.append(contentsOf: x)`
            if let member = ref.parent?.as(MemberAccessExprSyntax.self), member.base?.id == ExprSyntax(ref).id,
                let call = member.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(member).id
            {
                let method = member.declName.baseName.text
                if ["append", "insert", "appendPathComponent"].contains(method),
                    let first = call.arguments.first?.expression
                {
                    all[name, default: []].append((token.position, .added(first)))
                } else if ["replaceSubrange", "appendFormat", "replaceCharacters", "write"].contains(method) {
                    all[name, default: []].append((token.position, .unknown))
                }
                continue
            }
            // `name[key] = x`: an element stored in the container.
            if let element = ref.parent?.as(SubscriptCallExprSyntax.self),
                element.calledExpression.id == ExprSyntax(ref).id,
                let list = element.parent?.as(ExprListSyntax.self), list.first?.id == ExprSyntax(element).id,
                list.parent?.is(SequenceExprSyntax.self) == true, list.count == 3,
                Array(list)[1].is(AssignmentExprSyntax.self), let value = list.last
            {
                all[name, default: []].append((token.position, .stored(value)))
                continue
            }
            // `name += x`, `name = x`
            guard let list = ref.parent?.as(ExprListSyntax.self), list.first?.id == ExprSyntax(ref).id,
                list.parent?.is(SequenceExprSyntax.self) == true
            else { continue }
            let elements = Array(list)
            guard elements.count >= 3 else { continue }
            let op =
                elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
                ?? (elements[1].is(AssignmentExprSyntax.self) ? "=" : nil)
            guard op == "+=" || op == "=" else { continue }
            // The parser leaves `a += b + c` unfolded: the operands after the operator, joined by `+` only.
            for (offset, element) in elements.dropFirst(2).enumerated() {
                if offset % 2 == 0 {
                    all[name, default: []].append((token.position, .added(element)))
                } else if element.as(BinaryOperatorExprSyntax.self)?.operator.text != "+" {
                    all[name, default: []].append((token.position, .unknown))
                    break
                }
            }
        }
        return all
    }
}

extension Syntax {
    /// The statements this node owns when it is a function, initializer, accessor, closure or file (what
    /// `enclosingBody` returns for the nodes inside it).
    var isBodyOwner: Bool {
        switch kind {
        case .functionDecl, .initializerDecl, .accessorDecl, .closureExpr, .sourceFile: true
        default: false
        }
    }

    var ownedBody: CodeBlockItemListSyntax? {
        switch kind {
        case .functionDecl: self.as(FunctionDeclSyntax.self)?.body?.statements
        case .initializerDecl: self.as(InitializerDeclSyntax.self)?.body?.statements
        case .accessorDecl: self.as(AccessorDeclSyntax.self)?.body?.statements
        case .closureExpr: self.as(ClosureExprSyntax.self)?.statements
        case .sourceFile: self.as(SourceFileSyntax.self)?.statements
        default: nil
        }
    }
}

extension StringLiteralExprSyntax {
    /// Whether the literal's first segment starts with `scheme` (lowercase ASCII, e.g. `http://`), ignoring case,
    /// tested on the token's bytes: rules ask this of every literal, and few are URLs.
    func firstSegmentHasPrefix(_ scheme: StaticString) -> Bool {
        Self.firstSegmentHasPrefix(raw, scheme)
    }

    static func firstSegmentHasPrefix(_ raw: RawSyntax, _ scheme: StaticString) -> Bool {
        guard let first = RawStringLiteralExprSyntax(raw)?.segments.raw.layoutView?.children.first,
            let segment = first.flatMap({ RawStringSegmentSyntax($0) })
        else { return false }
        let text = segment.content.tokenText
        guard text.count >= scheme.utf8CodeUnitCount else { return false }
        return scheme.withUTF8Buffer { expected in
            zip(text, expected).allSatisfy { actual, wanted in actual | 0x20 == wanted || actual == wanted }
        }
    }

    /// The length of the literal's text in bytes, each interpolation counted as one, read from the raw node and
    /// counted only up to `limit`: what `Subscription.Literals.minimumLength` is measured against.
    static func pieceLength(_ raw: RawSyntax, limit: Int = .max) -> Int {
        guard let segments = RawStringLiteralExprSyntax(raw)?.segments.raw.layoutView?.children else { return 0 }
        var length = 0
        for case let child? in segments {
            length += RawStringSegmentSyntax(child)?.content.tokenText.count ?? 1
            if length >= limit { return length }
        }
        return length
    }

    /// The plain segments' text, read from the raw tokens without making a node per segment (rules ask this of
    /// every literal): `pieces` in order, with nil for each interpolation.
    var rawPieces: [SyntaxText?] {
        guard let layout = segments.raw.layoutView else { return [] }
        return layout.children.compactMap { child -> SyntaxText?? in
            guard let child else { return nil }
            if let segment = RawStringSegmentSyntax(child) { return .some(segment.content.tokenText) }
            return .some(nil)
        }
    }

    /// Whether a plain segment holds `byte` (tested on the tokens' bytes, with no `String` made).
    func plainSegmentsContain(_ byte: UInt8) -> Bool {
        Self.plainSegmentsContain(raw, byte)
    }

    /// Whether the raw literal has no interpolation.
    static func isPlainText(_ raw: RawSyntax) -> Bool {
        guard let segments = RawStringLiteralExprSyntax(raw)?.segments.raw.layoutView?.children else { return true }
        return !segments.contains { child in child.map { RawStringSegmentSyntax($0) == nil } ?? false }
    }

    static func plainSegmentsContain(_ raw: RawSyntax, _ byte: UInt8) -> Bool {
        guard let segments = RawStringLiteralExprSyntax(raw)?.segments.raw.layoutView?.children else { return false }
        return segments.contains { child in
            child.flatMap({ RawStringSegmentSyntax($0) })?.content.tokenText.contains(byte) ?? false
        }
    }
}

extension SequenceExprSyntax {
    /// `target = value` as the parser leaves it (operators unfolded): both sides, else nil. Compound
    /// assignments (`+=`) and longer sequences are not simple assignments.
    public var simpleAssignment: (target: ExprSyntax, value: ExprSyntax)? {
        // Tested on the raw layout first: most sequences (`a + b`, `x ?? y`) are not assignments, and making their
        // nodes to find out is most of the cost.
        guard let layout = elements.raw.layoutView, layout.children.count == 3,
            layout.children[1]?.kind == .assignmentExpr, let target = elements.first
        else { return nil }
        let middleIndex = elements.index(after: elements.startIndex)
        guard elements[middleIndex].is(AssignmentExprSyntax.self) else { return nil }
        return (target, elements[elements.index(after: middleIndex)])
    }
}

extension LocalValue {
    /// Where a plain name got its value: `key` or `self.key` → the initializer of a local `let`/`var` declared
    /// before `expr`, else of a stored property of the enclosing type. nil for anything else.
    public static func origin(of expr: ExprSyntax) -> ExprSyntax? {
        let e = expr.unwrapped
        let name: String
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
            if let local = initializer(of: name, before: ref) { return local }
            // A parameter of the same name hides the stored property.
            if Sensitivity.isParameter(name, near: ref) { return nil }
        } else if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        return propertyInitializer(of: name, near: e)
    }

    /// The initializer of the stored property `name` in the type declaration around `node`.
    public static func propertyInitializer(of name: String, near node: some SyntaxProtocol) -> ExprSyntax? {
        if let memo = AnalysisMemo.current, !memo.names.declared.contains(name) { return nil }
        guard let type = node.enclosingTypeDecl as? any DeclGroupSyntax else { return nil }
        for member in type.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer?.value
            }
        }
        return nil
    }
}

extension ExprSyntax {
    /// Whether any identifier in this expression is one of `names`: `.completeFileProtection` in
    /// `[.atomic, .completeFileProtection]`, `localOnly` in `[.localOnly: true]`. Walks only this expression.
    public func mentions(anyOf names: Set<String>) -> Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier(let text) = token.tokenKind { return names.contains(text) }
            return false
        }
    }
}

extension ExprSyntaxProtocol {
    /// In an unfolded sequence (`a = b`, `x == "1" && y`), the element `offset` places away from this one:
    /// -1 is the left operand of an operator, +1 the right one. nil outside a sequence or past its ends.
    /// Cost is O(|offset|), not the sequence's length.
    public func sequenceNeighbor(_ offset: Int) -> ExprSyntax? {
        guard let list = parent?.as(ExprListSyntax.self), var index = list.index(of: ExprSyntax(self)) else {
            return nil
        }
        for _ in 0..<abs(offset) {
            if offset < 0 {
                guard index > list.startIndex else { return nil }
                index = list.index(before: index)
            } else {
                index = list.index(after: index)
                guard index < list.endIndex else { return nil }
            }
        }
        return list[index]
    }
}

extension AssignmentExprSyntax {
    /// For `target = value` in an unfolded sequence: the target, and the operands after `=` (one for
    /// `a = b`, two for `a = "Code: " + otp`). nil when this `=` is not inside a sequence.
    public var targetAndValues: (target: ExprSyntax, values: [ExprSyntax])? {
        guard let list = parent?.as(ExprListSyntax.self), let target = sequenceNeighbor(-1),
            let start = list.index(of: ExprSyntax(self))
        else { return nil }
        // Operands sit at every other position after `=`; operators in between.
        var values: [ExprSyntax] = []
        var index = list.index(after: start)
        var isOperand = true
        while index < list.endIndex {
            if isOperand { values.append(list[index]) }
            isOperand.toggle()
            index = list.index(after: index)
        }
        return values.isEmpty ? nil : (target, values)
    }
}

/// Nodes of one kind in a tree that pass a test, found by a walk of their own. For the rare question a rule asks of
/// the whole file (where is `func x` declared, who calls `y`); routing every node through the rule would cost more.
enum SyntaxSearch {
    static func all<Node: SyntaxProtocol>(
        _ kind: Node.Type, in tree: some SyntaxProtocol, where test: @escaping (Node) -> Bool
    ) -> [Node] {
        let finder = SyntaxSearchVisitor<Node>(test)
        finder.walk(tree)
        return finder.found
    }
}

private final class SyntaxSearchVisitor<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    let test: (Node) -> Bool
    var found: [Node] = []

    init(_ test: @escaping (Node) -> Bool) {
        self.test = test
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self), test(match) { found.append(match) }
        return .visitChildren
    }
}
