import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// The other half of a `ParameterSink`: what the calls of the function, in every Swift file of the scan outside
/// tests, pass for the parameter; and the uses of a property wrapper type. Files are found by the name as a whole
/// word and parsed once each, within a budget; only scans with such sinks pay for it.
struct CallerArguments {
    enum Verdict: Equatable, Sendable {
        /// A call passes input from outside: the steps from its source to the call.
        case untrusted([FlowStep])
        /// Every call passes what the rule's judge accepts as the app's own: how many calls, and the first.
        case appMade(calls: Int, first: FlowStep)
        /// No call found, a call whose argument the judge cannot vouch for, or the function used as a value
        /// (`map(fetch)`, `#selector(fetch)`): its callers are not all known.
        case unknown
    }

    /// How a rule judges what a caller passes: is it text the app wrote, as far as this rule's sink cares?
    typealias Judge = @Sendable (ExprSyntax, SwiftFile) -> Bool

    /// The rules whose parameter sinks are composed with their callers, and their judges.
    static let judges: [String: Judge] = [
        SQLInjectionRule.description.id: SQLInjectionRule.isAppMadeSQL,
        FormatStringRule.description.id: FormatStringRule.isAppMadeFormat
    ]

    /// How a rule makes a finding at a call of the app's wrapper of its sink, when the call passes what the rule is
    /// about (a secret to a UserDefaults wrapper): it reports into the caller's file.
    typealias WrapperJudge =
        @Sendable (
            _ argument: ExprSyntax, _ key: ExprSyntax?, _ call: FunctionCallExprSyntax, _ file: SwiftFile,
            _ sink: ParameterSink, _ sinkStep: FlowStep
        ) -> Void

    static let wrapperJudges: [String: WrapperJudge] = [
        UserDefaultsSecretRule.description.id: UserDefaultsSecretRule.wrapperFinding,
        PasteboardRule.description.id: PasteboardRule.wrapperFinding,
        WebViewHTMLInjectionRule.description.id: WebViewHTMLInjectionRule.wrapperFinding,
        HardcodedKeyRule.description.id: HardcodedKeyRule.wrapperFinding,
        LogSensitiveRule.description.id: LogSensitiveRule.wrapperFinding,
        SQLInjectionRule.description.id: SQLInjectionRule.wrapperFinding,
        WeakKDFRule.description.id: WeakKDFRule.wrapperFinding
    ]

    /// How a rule makes a finding at its sink when input reaches it out of the sink file's sight: through a stored
    /// property (`FieldSink`) or what a function of another file returns (`ReturnSink`). `via` says how
    /// ("stored in `Entry.body` (App/Store.swift:12)"), `note` what the sink does.
    typealias IndirectReporter =
        @Sendable (_ value: ExprSyntax, _ file: SwiftFile, _ steps: [FlowStep], _ via: String, _ note: String) -> Void

    static let indirectReporters: [String: IndirectReporter] = [
        WebViewHTMLInjectionRule.description.id: WebViewHTMLInjectionRule.indirectFinding,
        SQLInjectionRule.description.id: SQLInjectionRule.indirectFinding,
        PathInjectionRule.description.id: PathInjectionRule.indirectFinding,
        FormatStringRule.description.id: FormatStringRule.indirectFinding,
        CredentialToUntrustedURLRule.description.id: CredentialToUntrustedURLRule.indirectFinding,
        LogSensitiveRule.description.id: LogSensitiveRule.memberFinding,
        ThirdPartySDKPIIRule.description.id: ThirdPartySDKPIIRule.memberFinding
    ]

    /// The rules whose wrappers are followed through other wrappers: `query(_ sql:)` hands its parameter as it is
    /// to `prepare(_ sql:)`, which runs it; a call of `query` is then judged as a call of `prepare` is.
    static let forwardedRules: Set<String> = [
        SQLInjectionRule.description.id, WebViewHTMLInjectionRule.description.id
    ]
    /// For the rules whose wrapper judges read `ParameterSink.enclosingCallers`: whether a call's argument is the
    /// app's own text but for a parameter of the function the call is in (`"… WHERE \(clause)"`).
    static let parameterOnlyJudges: [String: Judge] = [
        SQLInjectionRule.description.id: SQLInjectionRule.isDynamicOnlyThroughParameters
    ]
    /// How many functions deep a wrapper is followed back through the functions that hand it their parameter.
    static let forwardingDepth = 3

    /// The findings at calls of a wrapper (`FactKind.wrapperSink` at `sinkStep`) that pass what its rule is about,
    /// and at calls of the functions that hand it their own parameter as it is, to `forwardingDepth`.
    mutating func findings(atCallsOf sink: ParameterSink, sinkingAt sinkStep: FlowStep) -> [Finding] {
        findings(atCallsOf: [(sink, sinkStep)])
    }

    /// The same for many wrappers at once: each round of forwarders, of every wrapper, is looked for in one read of
    /// the files.
    mutating func findings(atCallsOf wrappers: [(ParameterSink, FlowStep)]) -> [Finding] {
        var found: [Finding] = []
        var pending = wrappers
        var seen = Set(wrappers.map { $0.0.ruleId + " " + $0.0.function })
        var depth = 0
        while !pending.isEmpty, depth <= Self.forwardingDepth {
            find(Set(pending.map(\.0.function)))
            var forwarders: [(ParameterSink, FlowStep)] = []
            for (wrapper, step) in pending {
                let forwards = Self.forwardedRules.contains(wrapper.ruleId) && depth < Self.forwardingDepth
                found += findings(
                    atCallsOf: wrapper, sinkingAt: step,
                    forwarding: forwards
                        ? {
                            if seen.insert($0.ruleId + " " + $0.function).inserted { forwarders.append(($0, step)) }
                        } : nil)
            }
            pending = forwarders
            depth += 1
        }
        return found
    }

    private mutating func findings(
        atCallsOf sink: ParameterSink, sinkingAt sinkStep: FlowStep, forwarding: ((ParameterSink) -> Void)?
    ) -> [Finding] {
        guard let judge = Self.wrapperJudges[sink.ruleId], let files = files(mentioning: sink.function) else {
            return []
        }
        // Wrappers have common names (`run`, `query`, `log`): a file that names one but never writes a call of it
        // the way its parameter needs (`run(query:`) is not parsed for it.
        let callText = Self.callText(of: sink).map(ByteSearch.init)
        var calls: [(file: SwiftFile, call: FunctionCallExprSyntax, argument: ExprSyntax)] = []
        for input in files {
            if let callText, parsed[input.relativePath] == nil, let bytes = bytes(of: input),
                !callText.occurs(in: bytes)
            {
                continue
            }
            guard let file = parse(input) else { continue }
            for reference in references(named: sink.function, in: file) {
                guard let call = Self.call(calling: reference), let argument = Self.argument(of: call, for: sink)
                else { continue }
                calls.append((file, call, argument))
            }
        }
        // The calls whose text is the app's own but for a parameter of the function they are in, and those
        // functions, looked for in one read of the files.
        var enclosing: [Int: ParameterSink] = [:]
        if let onlyThroughParameters = Self.parameterOnlyJudges[sink.ruleId] {
            for (k, candidate) in calls.enumerated() {
                guard onlyThroughParameters(candidate.argument, candidate.file),
                    let embedded = ParameterSink.embedded(in: candidate.argument, ruleId: sink.ruleId)
                else { continue }
                enclosing[k] = embedded
            }
            find(Set(enclosing.values.map(\.function)))
        }
        var found: [Finding] = []
        for (k, (file, call, argument)) in calls.enumerated() {
            guard spendCall() else { break }
            // `func query(_ sql: String) { prepare(sql) }`: the enclosing function passes its own parameter on,
            // and its calls are judged in turn.
            if let forwarding, var forwarder = ParameterSink.of(argument, ruleId: sink.ruleId) {
                forwarder.note = sink.note
                forwarding(forwarder)
                continue
            }
            // `prepare("SELECT * FROM t WHERE \(clause)")`: what the enclosing function's callers pass for
            // `clause` decides that part of the text.
            var judged = sink
            if let embedded = enclosing[k] {
                let verdict = verdict(for: embedded)
                // A public function's callers outside the scan are not known: its calls here prove nothing.
                if case .appMade = verdict, embedded.isPublic {
                    judged.enclosingCallers = .unknown
                } else {
                    judged.enclosingCallers = verdict
                }
            }
            let before = file.findings.count
            let key = sink.key.flatMap { Self.argument(of: call, label: $0.label, index: $0.index) }
            AnalysisMemo.$current.withValue(memos[file.path]) {
                judge(argument, key, call, file, judged, sinkStep)
            }
            found += file.findings[before...]
        }
        return found
    }

    /// A file's bytes, read once while the kept bytes stay under `readBytesLimit`.
    private mutating func bytes(of input: FileInput) -> [UInt8]? {
        if let known = readBytes[input.relativePath] { return known }
        guard let bytes = try? input.load() else { return nil }
        if readBytesTotal + bytes.count <= Self.readBytesLimit {
            readBytes[input.relativePath] = bytes
            readBytesTotal += bytes.count
        }
        return bytes
    }

    /// A file's bytes for its parse: those kept, which the parsed file holds from then on, or read now.
    private mutating func takeBytes(of input: FileInput) -> [UInt8]? {
        if let kept = readBytes.removeValue(forKey: input.relativePath) {
            readBytesTotal -= kept.count
            return kept
        }
        return try? input.load()
    }

    /// Text every call that passes the sink's parameter contains: `run(query:` for a first parameter with a label,
    /// `run(` without one, the label for a later one (`values:`); nil when there is none to look for.
    static func callText(of sink: ParameterSink) -> String? {
        guard sink.index == 0 else { return sink.label.map { $0 + ":" } }
        return sink.function + "(" + (sink.label.map { $0 + ":" } ?? "")
    }

    /// The uses of a property wrapper type (`@Stored(key: …) var …`) in the files that name it, each with its file.
    mutating func attributes(named type: String) -> [(SwiftFile, AttributeSyntax)] {
        nodes(AttributeSyntax.self, inFilesNaming: type) {
            $0.attributeName.as(IdentifierTypeSyntax.self)?.name.text == type
        }
    }

    /// The declarations of functions named `name` in the files that name it, each with its file.
    mutating func declarations(named name: String) -> [(SwiftFile, FunctionDeclSyntax)] {
        // Only a file that says `func name` declares it: the rest are not parsed for it.
        let declaration = ByteSearch("func \(name)")
        return nodes(
            FunctionDeclSyntax.self, inFilesNaming: name,
            reading: { declaration.occurs(in: $0) }, where: { $0.name.text == name })
    }

    /// The nodes of a kind that pass `test` in the files that name `name`, within the budgets.
    private mutating func nodes<Node: SyntaxProtocol>(
        _ kind: Node.Type, inFilesNaming name: String, reading text: (([UInt8]) -> Bool)? = nil,
        where test: @escaping (Node) -> Bool
    ) -> [(SwiftFile, Node)] {
        guard let files = files(mentioning: name) else { return [] }
        var found: [(SwiftFile, Node)] = []
        for input in files {
            if let text, parsed[input.relativePath] == nil {
                guard let bytes = try? input.load(), text(bytes) else { continue }
            }
            guard let file = parse(input) else { continue }
            for node in SyntaxSearch.all(kind, in: file.tree, where: test) {
                guard spendCall() else { return found }
                found.append((file, node))
            }
        }
        return found
    }

    /// A name more files than this mention is too common to read every file for (`insert`, `execute`): unknown.
    static let fileLimit = 40
    static let sizeLimit = 1_000_000

    let inputs: [FileInput]
    let constants: ConstantIndex
    private var parsed: [String: SwiftFile] = [:]
    /// The bytes of files read to see whether they write a wrapper's call, kept up to `readBytesLimit` in all: many
    /// wrappers ask the same files.
    private var readBytes: [String: [UInt8]] = [:]
    private var readBytesTotal = 0
    private static let readBytesLimit = 32 << 20
    private var mentions: [String: [FileInput]?] = [:]
    private var verdicts: [String: Verdict] = [:]
    private(set) var memos: [String: AnalysisMemo] = [:]
    /// What each `Type.field` is written with, once found (`CallerArguments+Fields`).
    var fieldWrites: [String: [FlowStep]?] = [:]
    /// The members of each class, struct and actor a parsed file declares, by file and type name.
    var typeMembers: [String: [String: [MemberBlockItemListSyntax]]] = [:]
    /// What each member of the project returns that a rule's sink is about, by rule and name, once found
    /// (`CallerArguments+Members`).
    var memberReturns: [String: FlowStep?] = [:]
    /// The parameters each function of the project returns as they are (`CallerArguments+Returns`).
    var returnedParameters: [String: [ReturnedParameter]] = [:]
    private var referenceIndex: [String: (lengths: Set<Int>, index: [String: [DeclReferenceExprSyntax]])] = [:]
    /// The lengths of the function names asked about so far.
    private var lengthsAsked: Set<Int> = []

    init(inputs: [FileInput], constants: ConstantIndex) {
        self.inputs = inputs.filter { $0.kind == .swift && !PathTraits.isTestCode($0.relativePath) }
        self.constants = constants
        parseBudget = max(Self.minimumParseBudget, self.inputs.count / Self.parseBudgetShare)
    }

    /// Arguments judged in one scan, over every sink: thousands of calls of one helper (generated code, hostile
    /// input) end the pass, not the scan.
    static let callBudget = 4_096
    private var callsLeft = Self.callBudget

    mutating func spendCall() -> Bool {
        callsLeft -= 1
        return callsLeft >= 0
    }

    /// Properties and functions looked up for indirect flows in one scan (`FieldSink`, `ReturnSink`): each reads
    /// the text of the files that name it, so thousands of distinct ones (generated code) end the pass.
    static let lookupBudget = 512
    private var lookupsLeft = Self.lookupBudget

    mutating func spendLookup() -> Bool {
        lookupsLeft -= 1
        return lookupsLeft >= 0
    }

    /// The pass parses again at most one file in `parseBudgetShare` of the project (at least
    /// `minimumParseBudget`): a project of many wrappers called from everywhere must not cost a second full parse.
    /// Sinks are judged in the order of their facts, so the same files get the same answers on every run.
    static let parseBudgetShare = 100
    static let minimumParseBudget = 24
    private var parseBudget: Int

    /// Callers of callers are followed this deep: `open(url)` → `search(text)` → `count(where:)`.
    static let depthLimit = 3

    mutating func verdict(for sink: ParameterSink) -> Verdict {
        verdict(for: sink, depth: 0, visiting: [])
    }

    private mutating func verdict(for sink: ParameterSink, depth: Int, visiting: Set<String>) -> Verdict {
        let key = sink.factValue
        if let known = verdicts[key] { return known }
        // A function that reaches itself through its callers (`a` calls `b` calls `a`) is not known from them.
        guard !visiting.contains(key), let judge = Self.judges[sink.ruleId],
            let files = files(mentioning: sink.function)
        else { return .unknown }
        let found = callers(of: sink, judge: judge, in: files, depth: depth, visiting: visiting.union([key]))
        verdicts[key] = found
        return found
    }

    private mutating func callers(
        of sink: ParameterSink, judge: Judge, in files: [FileInput], depth: Int, visiting: Set<String>
    ) -> Verdict {
        var calls = 0
        var first: FlowStep?
        for input in files {
            guard let file = parse(input) else { return .unknown }
            let references = references(named: sink.function, in: file)
            for reference in references {
                guard let call = Self.call(calling: reference) else {
                    if Self.handsOn(reference) { return .unknown }
                    continue
                }
                guard let argument = Self.argument(of: call, for: sink) else { continue }
                guard spendCall() else { return .unknown }
                let passed = file.step(at: argument, "passed to `\(sink.function)`")
                // The same memo as a walk of the file gives: names never declared are not searched for.
                let (steps, appMade) = AnalysisMemo.$current.withValue(memos[file.path]) {
                    let steps = Self.untrustedSteps(to: argument, in: file)
                    return (steps, steps == nil && judge(argument, file))
                }
                if let steps { return .untrusted(steps + [passed]) }
                if !appMade {
                    // The caller's own parameter: what its callers pass, in turn.
                    guard depth + 1 < Self.depthLimit, let outer = ParameterSink.of(argument, ruleId: sink.ruleId)
                    else { return .unknown }
                    switch verdict(for: outer, depth: depth + 1, visiting: visiting) {
                    case .untrusted(let steps): return .untrusted(steps + [passed])
                    case .unknown: return .unknown
                    case .appMade: break
                    }
                }
                calls += 1
                if first == nil { first = passed }
            }
        }
        guard let first else { return .unknown }
        return .appMade(calls: calls, first: first)
    }

    /// Where input from outside enters `argument`: its value, or for a local `var`, what the function adds to it
    /// (`clause += field.text`).
    static func untrustedSteps(to argument: ExprSyntax, in file: SwiftFile) -> [FlowStep]? {
        let reach = UntrustedOrigin.currentReach
        if let steps = UntrustedOrigin.trace(argument, in: file, reach: reach) { return steps }
        // What is added to a destination after its head moves it nowhere.
        guard reach == .anyPart, let ref = argument.unwrapped.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = ref.baseName.text
        for value in LocalMutation.values(addedTo: name, before: ref) ?? [] {
            if let steps = UntrustedOrigin.trace(value, in: file) {
                return steps + [file.step(at: value, "added to `\(name)`")]
            }
        }
        return nil
    }

    /// Whether a name that is not called hands the function on to code that calls it unseen: a bare name
    /// (`map(fetch)`), or a member passed as an argument or stored (`map(store.fetch)`, `let f = store.fetch`).
    /// Any other member of that name (`items.count` in a sum) is a property of some value.
    private static func handsOn(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id
        else { return true }
        guard let parent = member.parent else { return false }
        if parent.is(LabeledExprSyntax.self) || parent.is(InitializerClauseSyntax.self) { return true }
        // `handler = store.fetch`: the last operand of an assignment.
        if let list = parent.as(ExprListSyntax.self), list.last?.id == ExprSyntax(member).id, list.count >= 3 {
            let elements = Array(list)
            return elements[elements.count - 2].is(AssignmentExprSyntax.self)
        }
        return false
    }

    /// The call `reference` names the callee of (`fetch(…)`, `table.fetch(…)`); nil when the name is used otherwise.
    static func call(calling reference: DeclReferenceExprSyntax) -> FunctionCallExprSyntax? {
        var callee = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            callee = ExprSyntax(member)
        }
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id
        else { return nil }
        return call
    }

    /// What `call` passes for the sink's parameter: by label, or by position when it has none. nil for a call of
    /// another function of the same name, which has no such argument.
    static func argument(of call: FunctionCallExprSyntax, for sink: ParameterSink) -> ExprSyntax? {
        argument(of: call, label: sink.label, index: sink.index)
    }

    static func argument(of call: FunctionCallExprSyntax, label: String?, index: Int) -> ExprSyntax? {
        if let label { return call.argument(label) }
        let arguments = Array(call.arguments)
        guard index < arguments.count, arguments[index].label == nil else { return nil }
        return arguments[index].expression
    }

    /// The files that name `function` as a whole word; nil when too many do.
    mutating func files(mentioning function: String) -> [FileInput]? {
        if let known = mentions[function] { return known }
        find([function])
        return mentions[function] ?? nil
    }

    /// Looks for all `functions` in one read of the files, word by word: the cost is the size of the project, not
    /// that times the number of sinks (a settings layer of a hundred wrappers).
    mutating func find(_ functions: Set<String>) {
        // Slices hash and compare by their bytes: a word of the file is looked up without a copy.
        for function in functions { lengthsAsked.insert(function.utf8.count) }
        let wanted = Set(functions.filter { mentions[$0] == nil }.map { Array($0.utf8)[...] })
        guard !wanted.isEmpty else { return }
        // A few names: `memchr` for each is faster than reading every word.
        let searches =
            wanted.count <= Self.namesSearchedOneByOne
            ? wanted.map { ($0, ByteSearch(String(decoding: $0, as: UTF8.self))) } : []
        // Length, first and last byte turn away nearly every word before it is hashed.
        let lengths = Set(wanted.map(\.count))
        var firsts = [Bool](repeating: false, count: 256)
        var lasts = [Bool](repeating: false, count: 256)
        for name in wanted {
            if let first = name.first, let last = name.last {
                firsts[Int(first)] = true
                lasts[Int(last)] = true
            }
        }
        var found: [ArraySlice<UInt8>: [FileInput]] = [:]
        var tooCommon: Set<ArraySlice<UInt8>> = []
        for input in inputs {
            guard let bytes = try? input.load() else { continue }
            var inFile: Set<ArraySlice<UInt8>> = []
            for (name, search) in searches where !tooCommon.contains(name) && search.wordCount(in: bytes, limit: 1) > 0
            {
                inFile.insert(name)
            }
            if searches.isEmpty {
                Self.forEachWord(in: bytes) { word in
                    guard let first = word.first, let last = word.last, firsts[Int(first)], lasts[Int(last)],
                        lengths.contains(word.count), let name = wanted.firstIndex(of: word).map({ wanted[$0] }),
                        !tooCommon.contains(name)
                    else { return }
                    inFile.insert(name)
                }
            }
            for name in inFile {
                found[name, default: []].append(input)
                if found[name, default: []].count > Self.fileLimit { tooCommon.insert(name) }
            }
        }
        for name in wanted {
            let function = String(decoding: name, as: UTF8.self)
            mentions[function] = tooCommon.contains(name) ? .some(nil) : .some(found[name] ?? [])
        }
    }

    static let namesSearchedOneByOne = 8

    /// Each identifier-like word of `bytes` (`[A-Za-z_][A-Za-z0-9_]*`).
    private static func forEachWord(in bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            guard Self.startsWord(byte) else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < count, Self.startsWord(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
                index += 1
            }
            // A word glued to a digit before it (`0x1F`) is part of a number, not a name.
            if start > 0, bytes[start - 1] >= 0x30, bytes[start - 1] <= 0x39 { continue }
            body(bytes[start..<index])
        }
    }

    private static func startsWord(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// The names `file` refers to, each with its references: one walk of a file however many sinks ask about it.
    mutating func references(named name: String, in file: SwiftFile) -> [DeclReferenceExprSyntax] {
        let length = name.utf8.count
        lengthsAsked.insert(length)
        if let known = referenceIndex[file.path], known.lengths.contains(length) { return known.index[name] ?? [] }
        // Only names as long as one some sink asks about: the rest are turned away before any text is made.
        let lengths = lengthsAsked
        let index = Dictionary(
            grouping: SyntaxSearch.all(DeclReferenceExprSyntax.self, in: file.tree) {
                lengths.contains($0.baseName.rawText.count)
            },
            by: \.baseName.text)
        referenceIndex[file.path] = (lengths, index)
        return index[name] ?? []
    }

    mutating func parse(_ input: FileInput) -> SwiftFile? {
        if let known = parsed[input.relativePath] { return known }
        // A generated file of megabytes is not worth a second parse for one argument.
        guard parseBudget > 0, input.size <= Self.sizeLimit, let bytes = takeBytes(of: input) else { return nil }
        parseBudget -= 1
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let file = SwiftFile(path: input.relativePath, bytes: bytes, tree: tree, constants: constants)
        parsed[input.relativePath] = file
        memos[input.relativePath] = AnalysisMemo(source: bytes, path: input.relativePath, constants: constants)
        return file
    }
}
