import SwiftSyntax

/// A finding whose value is a parameter of the app's own function (`ParameterSink`) is decided by what the
/// function's callers pass, in whatever file they are (`CallerArguments`). A caller that passes input from outside
/// makes it a flow, with the caller's steps first; callers that all pass the app's own text make it low confidence,
/// and say so. The second needs every caller in the scan: a whole app, or a function no client outside can call.
/// A wrapper of a sink that reports nothing by itself (`FactKind.wrapperSink`) is judged at each of its calls: one
/// that passes a secret is a finding there, and so is a use of a UserDefaults-backed property wrapper whose key or
/// property names a secret. A sink that reads a stored property of the app's own type (`FieldSink`) or what a
/// function of another file returns (`ReturnSink`) is a flow when the project writes input into that property, or
/// passes input to that function for a parameter it returns as it is. The stage runs before suppressions, which
/// cover those findings too.
struct CallerArgumentsStage: FindingStage {
    func run(_ state: inout StageState, _ scan: StageInput) {
        var sinks: [String: ParameterSink] = [:]
        var wrappers: [(ParameterSink, FlowStep)] = []
        var propertyWrappers: [(type: String, store: String, step: FlowStep)] = []
        for fact in scan.facts where fact.kind == FactKind.defaultsPropertyWrapper {
            let fields = FactKind.fields(fact.value, count: 2)
            propertyWrappers.append(
                (fields[0], fields[1], FlowStep(file: fact.file, line: fact.line, column: fact.column, note: "")))
        }
        var fields: [(FieldSink, Fact)] = []
        var returns: [(ReturnSink, Fact)] = []
        var pathFields: [(FieldSink, Fact)] = []
        var pathReturns: [(ReturnSink, Fact)] = []
        let pathRule = PathInjectionRule.description.id
        for fact in scan.facts {
            if fact.kind == FactKind.fieldSink, let sink = FieldSink(fact: fact.value) {
                if sink.ruleId == pathRule { pathFields.append((sink, fact)) } else { fields.append((sink, fact)) }
            } else if fact.kind == FactKind.returnSink, let sink = ReturnSink(fact: fact.value) {
                if sink.ruleId == pathRule { pathReturns.append((sink, fact)) } else { returns.append((sink, fact)) }
            }
        }
        // Members read at sinks: the first `memberLookups` names, in the facts' order, are looked up.
        var members: [(MemberSink, Fact)] = []
        var memberNames: Set<String> = []
        for fact in scan.facts where fact.kind == FactKind.memberSink {
            guard var sink = MemberSink(fact: fact.value) else { continue }
            sink.members = sink.members.filter { memberNames.contains($0) || memberNames.count < Self.memberLookups }
            memberNames.formUnion(sink.members)
            if !sink.members.isEmpty { members.append((sink, fact)) }
        }
        for fact in scan.facts where fact.kind == FactKind.parameterSink || fact.kind == FactKind.wrapperSink {
            guard let sink = ParameterSink(fact: fact.value) else { continue }
            if fact.kind == FactKind.wrapperSink {
                wrappers.append((sink, FlowStep(file: fact.file, line: fact.line, column: fact.column, note: "")))
            } else {
                sinks[Self.key(sink.ruleId, fact.file, fact.line, fact.column)] = sink
            }
        }
        // File paths are the commonest sinks (every file operation): they are judged after HTML, JavaScript and SQL.
        // Their types and functions are looked for in a small project, where another pass over its files costs
        // little, and in an app's worth of code read word by word anyway (more names than a search each), where a
        // name more costs a hash lookup; not in a folder of many apps, where their writers' files, parsed again,
        // would cost more than the rest of the pass.
        var names = Set(
            sinks.values.map(\.function) + wrappers.map(\.0.function) + propertyWrappers.map(\.type)
                + fields.map(\.0.type) + returns.map(\.0.function))
        let swiftBytes = scan.inputs.reduce(0) { $0 + ($1.kind == .swift ? $1.size : 0) }
        if swiftBytes <= Self.smallProjectBytes
            || (names.count > CallerArguments.namesSearchedOneByOne && swiftBytes <= Self.largeProjectBytes)
        {
            var admitted: Set<String> = []
            for (sink, fact) in pathFields where Self.admit(sink.type, to: &admitted) { fields.append((sink, fact)) }
            for (sink, fact) in pathReturns where Self.admit(sink.function, to: &admitted) {
                returns.append((sink, fact))
            }
            names.formUnion(admitted)
        }
        guard
            !sinks.isEmpty || !wrappers.isEmpty || !propertyWrappers.isEmpty || !fields.isEmpty || !returns.isEmpty
                || !members.isEmpty
        else { return }
        var callers = CallerArguments(inputs: scan.inputs, constants: scan.constants)
        callers.find(names)
        let wholeApp = scan.options.seesWholeProject && scan.facts.contains { $0.kind == FactKind.appInfoPlist }
        for index in state.findings.indices {
            let finding = state.findings[index]
            guard finding.evidence != .flow,
                let sink = sinks[Self.key(finding.ruleId, finding.file, finding.line, finding.column)]
            else { continue }
            switch callers.verdict(for: sink) {
            case .untrusted(let steps):
                let source = steps.first?.note ?? "input"
                let call = steps.last.map { "\($0.file):\($0.line)" } ?? ""
                state.findings[index].evidence = .flow
                state.findings[index].flow = steps + finding.flow
                state.findings[index].confidence = .high
                state.findings[index].message += "; `\(sink.function)` is called with \(source) (\(call))"
            case .appMade(let calls, let first):
                guard wholeApp || (scan.options.seesWholeProject && !sink.isPublic), finding.confidence > .low
                else { continue }
                state.findings[index].confidence = .low
                let callers =
                    calls == 1
                    ? "its one call of `\(sink.function)` passes" : "all \(calls) calls of `\(sink.function)` pass"
                state.findings[index].message +=
                    "; \(callers) text the app wrote for `\(sink.parameter)` (\(first.file):\(first.line))"
            case .unknown:
                continue
            }
        }
        // Calls of the app's wrappers that pass what their sink's rule is about: findings at the call, once each.
        var seen = Set(state.findings.map { Self.key($0.ruleId, $0.file, $0.line, $0.column) })
        // Uses of UserDefaults-backed property wrappers whose key or property names a secret; what the project
        // writes to the property is asked after the wrappers' calls, which need the parse budget more.
        var pendingWrappedProperties: [(property: String?, findings: [Finding])] = []
        for wrapper in propertyWrappers {
            for (file, attribute) in callers.attributes(named: wrapper.type) {
                let before = file.findings.count
                UserDefaultsSecretRule.propertyWrapperFinding(
                    attribute, in: file, store: wrapper.store, at: wrapper.step)
                guard file.findings.count > before else { continue }
                pendingWrappedProperties.append(
                    (UserDefaultsSecretRule.wrappedProperty(of: attribute), Array(file.findings[before...])))
            }
        }
        // Crypto helpers are judged last: their calls are many, and the files they parse again would leave flows
        // of input through properties and other files' functions without the parse budget they need.
        let keyRule = HardcodedKeyRule.description.id
        for finding in callers.findings(atCallsOf: wrappers.filter { $0.0.ruleId != keyRule })
        where seen.insert(Self.key(finding.ruleId, finding.file, finding.line, finding.column)).inserted {
            state.findings.append(finding)
        }
        // What the project writes to a wrapped property says what it holds (`lastSearchToken = page.nextCursor`).
        for (property, findings) in pendingWrappedProperties {
            if let property, callers.writesHoldNoSecret(toProperty: property) { continue }
            for finding in findings
            where seen.insert(Self.key(finding.ruleId, finding.file, finding.line, finding.column)).inserted {
                state.findings.append(finding)
            }
        }
        // Sinks of stored properties some write fills with input, and of what functions of other files return
        // from input passed to them: the rule's finding there becomes a flow that starts at the input, or a finding
        // is made at the sink.
        for (sink, fact) in fields {
            UntrustedOrigin.$currentReach.withValue(UntrustedOrigin.reach(ofRule: sink.ruleId)) {
                indirect(sink.ruleId, sink.note, fact, &state, &seen, &callers) { callers, file, value in
                    guard let steps = callers.untrustedWrite(of: sink), let write = steps.last else { return nil }
                    var all = steps
                    if let file, let value,
                        let read = FieldSink.embedded(in: value, ruleId: sink.ruleId).first(where: {
                            $0.0.type == sink.type && $0.0.field == sink.field
                        })?.read
                    {
                        all.append(file.step(at: read, "read from `\(sink.type).\(sink.field)`"))
                    }
                    return (all, "stored in `\(sink.type).\(sink.field)` (\(write.file):\(write.line))")
                }
            }
        }
        for (sink, fact) in returns {
            indirect(sink.ruleId, sink.note, fact, &state, &seen, &callers) { callers, _, _ in
                guard let steps = callers.untrustedReturn(of: sink, inFile: fact.file), let returned = steps.last
                else { return nil }
                return (steps, "returned by `\(sink.function)` (\(returned.file):\(returned.line))")
            }
        }
        // Values read through another file's members that return credentials, headers or personal data.
        for (sink, fact) in members {
            indirect(sink.ruleId, "", fact, &state, &seen, &callers) { callers, _, _ in
                guard let steps = callers.sensitiveReturn(of: sink, notIn: fact.file), let returned = steps.last
                else { return nil }
                return (steps, "\(returned.note) (\(returned.file):\(returned.line))")
            }
        }
        for finding in callers.findings(atCallsOf: wrappers.filter { $0.0.ruleId == keyRule })
        where seen.insert(Self.key(finding.ruleId, finding.file, finding.line, finding.column)).inserted {
            state.findings.append(finding)
        }
    }

    /// Input that reaches the sink recorded by `fact` out of its file's sight (`flow` gives the steps and how,
    /// given the sink's file and value when it is parsed): the finding there becomes a flow, or the rule's reporter
    /// makes one.
    private func indirect(
        _ ruleId: String, _ note: String, _ fact: Fact, _ state: inout StageState, _ seen: inout Set<String>,
        _ callers: inout CallerArguments,
        flow: (inout CallerArguments, SwiftFile?, ExprSyntax?) -> (steps: [FlowStep], via: String)?
    ) {
        let key = Self.key(ruleId, fact.file, fact.line, fact.column)
        if let index = state.findings.firstIndex(where: {
            $0.ruleId == ruleId && $0.file == fact.file && $0.line == fact.line && $0.column == fact.column
        }) {
            guard state.findings[index].evidence != .flow, let (steps, via) = flow(&callers, nil, nil) else { return }
            state.findings[index].evidence = .flow
            state.findings[index].flow = steps + state.findings[index].flow
            state.findings[index].confidence = .high
            state.findings[index].message += "; it holds \(steps.first?.note ?? "input"), \(via)"
            return
        }
        // Whether input reaches the sink at all is known without its file: most sinks get none, and their files
        // are not parsed again.
        guard !seen.contains(key), let report = CallerArguments.indirectReporters[ruleId],
            flow(&callers, nil, nil) != nil,
            let file = callers.file(at: fact.file),
            let value = SyntaxSearch.all(
                LabeledExprSyntax.self, in: file.tree,
                where: {
                    let position = file.position(of: $0.expression)
                    return position.line == fact.line && position.column == fact.column
                }
            ).first?.expression,
            let (steps, via) = flow(&callers, file, value)
        else { return }
        let before = file.findings.count
        report(value, file, steps, via, note)
        for finding in file.findings[before...]
        where seen.insert(Self.key(finding.ruleId, finding.file, finding.line, finding.column)).inserted {
            state.findings.append(finding)
        }
    }

    /// Project sizes (its Swift files' bytes) for following file paths through properties and other files'
    /// functions: always up to the first, when the project is read word by word up to the second.
    static let smallProjectBytes = 2_000_000
    static let largeProjectBytes = 16_000_000

    /// At most this many members read at log and SDK sinks are looked up in one scan: each is a word more to find
    /// in every file.
    static let memberLookups = 32

    /// At most this many types and functions that file paths read are looked up in one scan.
    static let pathLookups = 64

    /// Whether a path sink's `name` is one to look up: one already admitted, or one of the first `pathLookups`.
    private static func admit(_ name: String, to admitted: inout Set<String>) -> Bool {
        if admitted.contains(name) { return true }
        guard admitted.count < pathLookups else { return false }
        admitted.insert(name)
        return true
    }

    private static func key(_ rule: String, _ file: String, _ line: Int, _ column: Int) -> String {
        FactKind.join(rule, file, String(line), String(column))
    }
}
