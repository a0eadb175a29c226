import SwiftSyntax

/// The other half of a `FieldSink`: what the project writes into a stored property of its own type, in any Swift
/// file outside tests. A write is `Type(field: value)` (a memberwise or labelled initializer), `self.field = value`
/// or `field = value` in the type's own methods, or `item.field = value` where `item` was declared as the type.
/// What a write stores is followed back to input from outside through its function's locals, through the function's
/// callers when it is a parameter (`add(title:html:)` called with a file's text), and through another property
/// when it is read from one (`RichNoteView(markup: note.html)`), to `depthLimit` steps.
extension CallerArguments {
    /// The steps from input outside the app to a write of the sink's property, the write last; nil when no write
    /// found stores input, or the type is not the project's own.
    mutating func untrustedWrite(of sink: FieldSink) -> [FlowStep]? {
        untrustedWrite(type: sink.type, field: sink.field, ruleId: sink.ruleId, depth: 0, visiting: [])
    }

    /// The file of the scan at `path`, parsed within the budget.
    mutating func file(at path: String) -> SwiftFile? {
        guard let input = inputs.first(where: { $0.relativePath == path }) else { return nil }
        return parse(input)
    }

    private mutating func untrustedWrite(
        type: String, field: String, ruleId: String, depth: Int, visiting: Set<String>
    ) -> [FlowStep]? {
        let key = type + "." + field
        // What input makes of a property depends on the part the sink needs: remembered for each.
        let memoKey = UntrustedOrigin.currentReach == .origin ? key + " (origin)" : key
        if let known = fieldWrites[memoKey] { return known }
        guard depth < Self.depthLimit, !visiting.contains(key), spendLookup(), let files = files(mentioning: type)
        else { return nil }
        let visiting = visiting.union([key])
        // Only files that name the property can write it, and one of them must declare the type: read as text
        // before any is parsed, since most properties a sink reads are the SDK's or written nowhere else.
        let fieldWord = ByteSearch(field)
        let declarations = ["class \(type)", "struct \(type)", "actor \(type)"].map(ByteSearch.init)
        var naming: [FileInput] = []
        var mayDeclare = false
        for input in files {
            guard let bytes = try? input.load(), fieldWord.wordCount(in: bytes, limit: 1) > 0 else { continue }
            naming.append(input)
            mayDeclare = mayDeclare || declarations.contains { $0.occurs(in: bytes) }
        }
        guard mayDeclare else { return nil }
        var parsed: [SwiftFile] = []
        var declared = false
        for input in naming {
            guard let file = parse(input) else { continue }
            parsed.append(file)
            declared = declared || declares(type, field, in: file)
        }
        // A type of the SDK or a library (`URLRequest(url:)`) holds what its own code decides.
        guard declared else { return nil }
        var found: [FlowStep]?
        search: for file in parsed {
            for reference in references(named: type, in: file) {
                guard let call = Self.call(calling: reference), let value = call.argument(field) else { continue }
                guard spendCall() else { break search }
                found = judge(value, storedIn: key, in: file, ruleId: ruleId, depth: depth, visiting: visiting)
                if found != nil { break search }
            }
            for reference in references(named: field, in: file) {
                for value in Self.assignedValues(to: reference, of: type) {
                    guard spendCall() else { break search }
                    found = judge(value, storedIn: key, in: file, ruleId: ruleId, depth: depth, visiting: visiting)
                    if found != nil { break search }
                }
            }
        }
        // Deeper answers depend on the path that asked: only the first question's is kept.
        if depth == 0 { fieldWrites[memoKey] = .some(found) }
        return found
    }

    /// Whether `file` declares the class, struct or actor `type` with a stored property `field`. The file's types
    /// are found in one walk, however many properties are asked about.
    private mutating func declares(_ type: String, _ field: String, in file: SwiftFile) -> Bool {
        let types: [String: [MemberBlockItemListSyntax]]
        if let known = typeMembers[file.path] {
            types = known
        } else {
            var found: [String: [MemberBlockItemListSyntax]] = [:]
            for block in SyntaxSearch.all(MemberBlockSyntax.self, in: file.tree, where: { _ in true }) {
                guard let parent = block.parent,
                    let name = parent.as(StructDeclSyntax.self)?.name.text ?? parent.as(ClassDeclSyntax.self)?.name.text
                        ?? parent.as(ActorDeclSyntax.self)?.name.text
                else { continue }
                found[name, default: []].append(block.members)
            }
            typeMembers[file.path] = found
            types = found
        }
        return types[type]?.contains { FieldSink.storedProperty(field, in: $0) != nil } ?? false
    }

    /// The values a reference to `field` is given when it is the left side of an assignment to the property of
    /// `type`: `self.field = v` or `field = v` in the type's own code, `item.field = v` for `item` of the type. The
    /// right side is still a flat sequence (`a = b ?? c`): its operands joined by `+`, or the first before `??`.
    private static func assignedValues(to reference: DeclReferenceExprSyntax, of type: String) -> [ExprSyntax] {
        var target = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self) {
            guard member.declName.id == reference.id else { return [] }
            target = ExprSyntax(member)
        }
        // An initializer's `self.field = field` stores what its callers pass: those are read as `Type(field:)`.
        guard let list = target.parent?.as(ExprListSyntax.self), list.count >= 3, list.first?.id == target.id,
            reference.enclosingFunction != nil
        else { return [] }
        let elements = Array(list)
        guard elements[1].is(AssignmentExprSyntax.self), FieldSink.field(of: target)?.type == type else { return [] }
        let right = elements[2...]
        let operators = right.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
        guard operators.allSatisfy({ $0 == "+" || $0 == "??" }) else { return [] }
        let operands = right.filter { !$0.is(BinaryOperatorExprSyntax.self) }
        return operators.first == "??" ? Array(operands.prefix(1)) : operands
    }

    /// The steps to `value`, written into `key` (`Type.field`) in `file`, from input outside: directly, through the
    /// callers of the function whose parameter it is, or through another property it is read from.
    private mutating func judge(
        _ value: ExprSyntax, storedIn key: String, in file: SwiftFile, ruleId: String, depth: Int,
        visiting: Set<String>
    ) -> [FlowStep]? {
        let stored = file.step(at: value, "stored in `\(key)`")
        let memo = memos[file.path]
        if let steps = AnalysisMemo.$current.withValue(memo, operation: { Self.untrustedSteps(to: value, in: file) }) {
            return steps + [stored]
        }
        if let parameter = AnalysisMemo.$current.withValue(
            memo, operation: { ParameterSink.embedded(in: value, ruleId: ruleId) }),
            let steps = untrustedCaller(of: parameter, depth: depth + 1, visiting: visiting)
        {
            return steps + [stored]
        }
        if let steps = throughFields(of: value, in: file, ruleId: ruleId, depth: depth, visiting: visiting) {
            return steps + [stored]
        }
        return nil
    }

    /// The steps from input outside to a call of the parameter's function that passes it, through callers of
    /// callers and stored properties; nil when no call is found to pass input.
    private mutating func untrustedCaller(of sink: ParameterSink, depth: Int, visiting: Set<String>) -> [FlowStep]? {
        let key = sink.factValue
        guard depth < Self.depthLimit, !visiting.contains(key), let files = files(mentioning: sink.function) else {
            return nil
        }
        let visiting = visiting.union([key])
        for input in files {
            guard let file = parse(input) else { continue }
            for reference in references(named: sink.function, in: file) {
                guard let call = Self.call(calling: reference), let argument = Self.argument(of: call, for: sink)
                else { continue }
                guard spendCall() else { return nil }
                let passed = file.step(at: argument, "passed to `\(sink.function)`")
                let memo = memos[file.path]
                if let steps = AnalysisMemo.$current.withValue(
                    memo, operation: { Self.untrustedSteps(to: argument, in: file) })
                {
                    return steps + [passed]
                }
                if let outer = AnalysisMemo.$current.withValue(
                    memo, operation: { ParameterSink.of(argument, ruleId: sink.ruleId) }),
                    let steps = untrustedCaller(of: outer, depth: depth + 1, visiting: visiting)
                {
                    return steps + [passed]
                }
                if let steps = throughFields(
                    of: argument, in: file, ruleId: sink.ruleId, depth: depth, visiting: visiting)
                {
                    return steps + [passed]
                }
            }
        }
        return nil
    }

    /// The steps to input outside through a stored property `value` reads, or is built from, ending at the read.
    private mutating func throughFields(
        of value: ExprSyntax, in file: SwiftFile, ruleId: String, depth: Int, visiting: Set<String>
    ) -> [FlowStep]? {
        let fields = AnalysisMemo.$current.withValue(
            memos[file.path], operation: { FieldSink.embedded(in: value, ruleId: ruleId) })
        for (source, read) in fields {
            guard
                let steps = untrustedWrite(
                    type: source.type, field: source.field, ruleId: ruleId, depth: depth + 1, visiting: visiting)
            else { continue }
            return steps + [file.step(at: read, "read from `\(source.type).\(source.field)`")]
        }
        return nil
    }
}
