@_spi(RawSyntax) import SwiftSyntax

/// The Swift file a rule is looking at, and where it reports: one per file, alive only while that file is
/// analysed.
public final class SwiftFile {
    /// Path relative to the scanned root, `/`-separated.
    public let path: String
    public let tree: SourceFileSyntax
    /// The context of the whole file when its path or imports decide it (test, tooling, sample); nil for app
    /// files, whose nodes may still be previews or debug-only code.
    public let fileContext: CodeContext?
    /// Not app code (tests, fixtures, tooling, samples): fact collectors for project rules skip such files.
    /// Rules do not ask: the engine files each finding under its context.
    public var isTestCode: Bool { fileContext != nil }
    /// Constants declared anywhere in the project, for resolving names to their literal values.
    public let constants: ConstantIndex
    let names: SourceNames?

    let bytes: [UInt8]
    private var lineStartsStorage: [Int]?
    private(set) var findings: [Finding] = []
    private(set) var facts: [Fact] = []
    /// What flows learn about this file's functions (their `return` values, the calls of one name), kept so a file
    /// with many sinks searches its tree once per function, not once per sink.
    var summaries: [String: [ExprSyntax]] = [:]

    /// `names`: what the pre-pass found the file may declare or fill (`LexedFiles`); read from the bytes when nil.
    init(
        path: String, bytes: [UInt8], tree: SourceFileSyntax, constants: ConstantIndex = .empty,
        names: SourceNames? = nil
    ) {
        self.path = path
        self.names = names
        self.bytes = bytes
        self.tree = tree
        let imports = Self.topLevelImports(of: tree)
        self.imports = Set(imports)
        self.fileContext = CodeContextClassifier.context(of: path, imports: imports)
        self.constants = constants
    }

    /// The modules the file imports (top-level `import` statements only).
    public let imports: Set<String>

    /// The first module of each top-level `import`, in order, read from the raw tree: making a node for every
    /// top-level statement to find the few imports cost more than the rest of setting up a file.
    static func topLevelImports(of tree: SourceFileSyntax) -> [String] {
        guard let items = tree.statements.raw.layoutView?.children else { return [] }
        var modules: [String] = []
        for case let item? in items {
            guard let block = RawCodeBlockItemSyntax(item), let decl = RawImportDeclSyntax(block.item),
                let first = decl.path.layoutView.children.first,
                let component = first.flatMap(RawImportPathComponentSyntax.init)
            else { continue }
            modules.append(String(syntaxText: component.name.tokenText))
        }
        return modules
    }

    /// The context a finding at `node` is filed under.
    public func context(of node: some SyntaxProtocol) -> CodeContext {
        fileContext ?? CodeContextClassifier.context(of: node)
    }

    /// Offsets where lines start, from the bytes on first use: most files have no finding or fact and never need
    /// them, and a byte scan is far cheaper than `SourceLocationConverter`'s walk of the whole tree.
    private var lineStarts: [Int] {
        if let lineStartsStorage { return lineStartsStorage }
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            // \n, \r\n and a lone \r end a line, as for the Swift compiler.
            if b == 0x0A || (b == 0x0D && (i + 1 >= n || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
            i += 1
        }
        lineStartsStorage = starts
        return starts
    }

    /// 1-based line and UTF-8 column of a byte offset.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let starts = lineStarts
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// 1-based line and UTF-8 column of a node's first token (leading trivia skipped).
    public func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// Adds a finding of `rule` at `node`.
    public func report(
        _ rule: RuleDescription, at node: some SyntaxProtocol, message: String,
        severity: Severity? = nil, confidence: Confidence? = nil, evidence: Evidence = .api, flow: [FlowStep] = []
    ) {
        let start = position(of: node)
        let end = location(ofOffset: node.endPositionBeforeTrailingTrivia.utf8Offset)
        let location = FindingLocation(
            file: path, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
            snippet: lineText(atOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset))
        findings.append(
            Finding(
                rule, at: location, message: message, severity: severity, confidence: confidence,
                fileContext: fileContext, codeContext: fileContext == nil ? codeContext(of: node) : nil,
                evidence: evidence, flow: flow))
        // What the finding sits in, for the project pass that asks whether anything calls it.
        if let owner = CallableOwner.of(node) {
            facts.append(
                Fact(
                    kind: FactKind.findingOwner,
                    value: FactKind.join(
                        owner.name, owner.isPublic ? "public" : "", owner.conformances.joined(separator: ",")),
                    file: path, line: start.line, column: start.column))
        }
        // Code that runs only below an iOS version, for the stage that compares it with the deployment target.
        if let floor = AvailabilityFloor.of(node) {
            facts.append(
                Fact(kind: FactKind.belowOSVersion, value: floor, file: path, line: start.line, column: start.column))
        }
    }

    /// The code context of a finding at `node`: where it sits (`CodeContextClassifier`), or debug-only when the node
    /// is a call of a project function that does nothing outside debug builds (`Log.debug(…)` whose body is one
    /// `#if DEBUG` block): the sink the finding is about never runs in release.
    private func codeContext(of node: some SyntaxProtocol) -> CodeContext {
        let context = CodeContextClassifier.context(of: node)
        guard context == .app, let call = Syntax(node).as(FunctionCallExprSyntax.self), let name = call.calledName,
            constants.isDebugOnlyFunction(name)
        else { return context }
        return .debug
    }

    /// Whether the file's text contains `text` (bytes, case-sensitive): a cheap test before a walk of the tree.
    public func contains(_ text: String) -> Bool {
        ByteSearch(text).occurs(in: bytes)
    }

    /// Whether the file may write text into a value it owns as a stream (`print(…, to: &line)`, `line.write(…)`),
    /// found once per file.
    public private(set) lazy var mayWriteIntoStreams: Bool = contains("to: &") || contains(".write(")

    /// Whether the file may read an item's data with `SecItemCopyMatching` (`SecretOrigin`): most files do not.
    public private(set) lazy var mayReadKeychainData: Bool =
        contains("SecItemCopyMatching") && contains("kSecReturnData")

    /// A step of a finding's flow at `node`.
    public func step(at node: some SyntaxProtocol, _ note: String) -> FlowStep {
        let (line, column) = position(of: node)
        return FlowStep(file: path, line: line, column: column, note: note)
    }

    /// Records a fact for project rules at `node`.
    public func record(kind: String, value: String, at node: some SyntaxProtocol) {
        let (line, column) = position(of: node)
        facts.append(Fact(kind: kind, value: value, file: path, line: line, column: column))
    }

    private func lineText(atOffset offset: Int) -> String {
        guard !bytes.isEmpty else { return "" }
        let clamped = min(max(offset, 0), bytes.count - 1)
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let trimmed = text.trimmingWhitespace()
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}

extension String {
    /// Without the leading and trailing Unicode scalars found in `set`: what `trimmingCharacters(in:)` gives, without
    /// making a `CharacterSet` for each call (rules trim type names for nearly every value they look at).
    func trimmingScalars(in set: String) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, set.unicodeScalars.contains(scalars[start]) { start = scalars.index(after: start) }
        while end > start, set.unicodeScalars.contains(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }

    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension SwiftFile {
    /// The string an expression stands for when it is a literal or a constant one or two names away: a local or
    /// a stored property initialised with a literal, `Keys.token`, `Keys.token.rawValue`, `Self.tokenKey`, or a
    /// constant declared anywhere in the project (through ``constants``). nil when it cannot be known.
    public func stringValue(of expr: ExprSyntax) -> String? {
        stringValue(of: expr, depth: 0)
    }

    private func stringValue(of expr: ExprSyntax, depth: Int) -> String? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        if let value = e.stringLiteralValue { return value }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            guard mayHaveValue(ref.baseName.text) else { return nil }
            if let origin = LocalValue.origin(of: e), origin.id != e.id {
                // `var salt = "123"` then `salt.append(random())`: the start value is not what reaches the use.
                if Self.isVariable(holding: origin),
                    LocalMutation.values(addedTo: ref.baseName.text, before: ref)?.isEmpty != true
                        || isReassignedProperty(holding: origin)
                {
                    return nil
                }
                return stringValue(of: origin, depth: depth + 1)
            }
            if Sensitivity.isParameter(ref.baseName.text, near: ref) { return nil }
            return constants.resolve(ref.baseName.text, type: Self.typeName(around: ref), file: path)?.string
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else { return nil }
            if name == "rawValue" { return stringValue(of: base, depth: depth + 1) }
            if let ref = base.as(DeclReferenceExprSyntax.self) {
                if ref.baseName.tokenKind == .keyword(.self) {
                    guard mayHaveValue(name) else { return nil }
                    if let origin = LocalValue.origin(of: e) {
                        guard !Self.isVariable(holding: origin) || !isReassignedProperty(holding: origin) else {
                            return nil
                        }
                        return stringValue(of: origin, depth: depth + 1)
                    }
                    return constants.resolve(name, qualifier: Self.typeName(around: ref))?.string
                }
                let qualifier =
                    ref.baseName.tokenKind == .keyword(.Self) ? Self.typeName(around: ref) : ref.baseName.text
                return constants.resolve(name, qualifier: qualifier)?.string
            }
            // `Constants.Keys.token`: the innermost type qualifies.
            if let inner = base.as(MemberAccessExprSyntax.self) {
                return constants.resolve(name, qualifier: inner.declName.baseName.text)?.string
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self) { return constantValue(ofCall: call)?.string }
        return nil
    }

    /// Whether `value` starts a stored property or global `var` that some file of the project assigns to
    /// (`var token = ""` filled at login): outside one body, no statement order says which value a use sees.
    private func isReassignedProperty(holding value: ExprSyntax) -> Bool {
        guard let binding = value.parent?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.is(CodeBlockItemSyntax.self) != true
                || binding.enclosingFunction == nil
        else { return false }
        return constants.isReassignedVariable(name)
    }

    /// Whether `value` is the start value of a `var`, which later statements may change.
    private static func isVariable(holding value: ExprSyntax) -> Bool {
        value.parent?.as(InitializerClauseSyntax.self)?.parent?.parent?.parent?.as(VariableDeclSyntax.self)?
            .bindingSpecifier.tokenKind == .keyword(.var)
    }

    /// Whether `stringValue(of:)` can find a value for `expr`, from names alone: false only where it surely finds
    /// none (a name declared nowhere in this file and no constant of the project). A comparison's other side is
    /// judged only when this side may hold a value: judging it follows locals, parameters and containers.
    func mayHaveStringValue(_ expr: ExprSyntax) -> Bool {
        let e = expr.unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return mayHaveValue(ref.baseName.text) }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard member.base != nil else { return false }
            if name == "rawValue" { return true }
            return mayHaveValue(name)
        }
        return true
    }

    /// Whether a plain name can stand for a value: declared in this file (as far as its bytes show) or a constant
    /// of the project. Most names compared or passed are neither, and finding that out from the tree walks scopes.
    private func mayHaveValue(_ name: String) -> Bool {
        guard let memo = AnalysisMemo.current, !memo.names.declared.contains(name) else { return true }
        return !constants.declarations(of: name).isEmpty
    }

    /// The literal a call of a function that only returns one stands for: `apiKey()`, `Secrets.apiKey()`,
    /// `self.apiKey()` where the project says `func apiKey() -> String { "…" }`.
    func constantValue(ofCall call: FunctionCallExprSyntax) -> ConstantValue? {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return constants.resolve(ref.baseName.text + "()", type: Self.typeName(around: ref), file: path)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let name = member.declName.baseName.text + "()"
        switch base.baseName.tokenKind {
        case .keyword(.self), .keyword(.Self): return constants.resolve(name, qualifier: Self.typeName(around: base))
        default: return constants.resolve(name, qualifier: base.baseName.text)
        }
    }

    /// The name of the type declaration around a node (the extended type for extensions).
    static func typeName(around node: some SyntaxProtocol) -> String? {
        guard let decl = node.enclosingTypeDecl else { return nil }
        if let c = decl.as(ClassDeclSyntax.self) { return c.name.text }
        if let s = decl.as(StructDeclSyntax.self) { return s.name.text }
        if let e = decl.as(EnumDeclSyntax.self) { return e.name.text }
        if let a = decl.as(ActorDeclSyntax.self) { return a.name.text }
        if let x = decl.as(ExtensionDeclSyntax.self) {
            return x.extendedType.sourceText.split(separator: ".").last.map(String.init)
        }
        return nil
    }
}

extension SwiftFile {
    /// An integer known at compile time: a literal, `UInt32(x)`, a local initialized from one, or a
    /// project constant. nil when it comes from elsewhere (a parameter, the server, a calibration).
    func integerValue(of expr: ExprSyntax, depth: Int = 0) -> Int? {
        guard depth < 4 else { return nil }
        let e = expr.unwrapped
        if let literal = e.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["Int", "Int32", "UInt32", "UInt", "CUnsignedInt", "UInt64"].contains(type),
            let inner = call.arguments.first?.expression
        {
            return integerValue(of: inner, depth: depth + 1)
        }
        if let origin = LocalValue.origin(of: e) {
            return integerValue(of: origin, depth: depth + 1)
        }
        let value: ConstantValue?
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            guard !Sensitivity.isParameter(ref.baseName.text, near: ref) else { return nil }
            value = constants.resolve(ref.baseName.text, type: SwiftFile.typeName(around: ref), file: path)
        } else if let member = e.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.tokenKind != .keyword(.self)
        {
            // `Self.kdfRounds`: the enclosing type's static constant.
            let qualifier =
                base.baseName.tokenKind == .keyword(.Self)
                ? SwiftFile.typeName(around: member) ?? base.baseName.text : base.baseName.text
            value = constants.resolve(member.declName.baseName.text, qualifier: qualifier)
        } else {
            value = nil
        }
        if case .integer(let n)? = value { return n }
        return nil
    }
}
