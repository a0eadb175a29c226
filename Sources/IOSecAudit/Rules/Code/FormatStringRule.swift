import SwiftSyntax

/// `code.format-string`: a printf-style format that is not a constant: whatever `%` sequences the text holds are
/// interpreted.
struct FormatStringRule: SwiftRule {
    static let description = RuleDescription(
        id: "code.format-string",
        title: "Format string from a variable",
        severity: .high,
        confidence: .medium,
        masvs: "MASVS-CODE-4",
        cwe: 134, owasp: OWASPReference("MASWE-0050", beta: "MASWE-0087", mastg: [], .close),
        rationale: """
            `NSLog`, `String(format:)` and `NSString(format:)` read their first argument as a format: each `%@`, `%s` \
            or `%n` in it consumes an argument that was never passed. When the format is a variable, and the text comes \
            from a user, a server or a file, `%@%@%@` reads from the stack and crashes the app, and `%s` / `%x` print \
            memory into the log or the UI. The fix is trivial: the format is a literal and the text is its argument.
            """,
        fix:
            "Pass a constant format and the text as an argument: NSLog(\"%@\", message), String(format: \"%@\", text) — or use string interpolation.",
        fixExample: """
            NSLog("%@", message)
            let title = String(format: NSLocalizedString("greeting.format", comment: ""), name)  // a localized constant
            """,
        triggeringExamples: [
            // The C library's printf family called from Swift.
            RuleExample(
                """
                func emit(_ message: String) {
                    message.withCString { text in
                        _ = vprintf(↓text, getVaList([]))
                        _ = dprintf(2, ↓text)
                    }
                }
                """),
            RuleExample(
                """
                func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
                    guard let template = message.body as? String else { return }
                    let line = String(format: ↓template, Date().description)
                    show(line)
                }
                """,
                findings: [FindingSpec(message: "the format is a web page's script message")]),
            RuleExample(
                """
                - (void)showServerMessage:(NSString *)message {
                    NSLog(↓message);
                    NSString *title = [NSString stringWithFormat:↓self.titleField.text];
                    [self.alert setMessage:[[NSString alloc] initWithFormat:↓message]];
                }
                """, path: "App/MessageCenter.m"),
            RuleExample("func log(_ message: String) { NSLog(↓message) }"),
            RuleExample(
                #"func caption(_ key: String, _ n: Int) -> String { String(format: ↓#tr("count.\(key)"), n) }"#),
            RuleExample(#"let text = String(format: ↓commentField.text!, arguments: [])"#),
            RuleExample(
                #"let text = String(format: ↓NSLocalizedString("reply.prefix", comment: "") + commentField.text!)"#),
            RuleExample(
                """
                func show(_ response: [String: Any]) {
                    let message = response["message"] as? String ?? ""
                    label.text = NSString(format: ↓message as NSString) as String
                }
                """),
            RuleExample(#"NSLog(↓"Could not migrate the store: " + error.localizedDescription)"#),
            RuleExample(#"let line = String(format: ↓(isEmpty ? "%@ (empty)" : nameField.text!), name)"#),
            // The file's own function returns what the user typed, not a lookup.
            RuleExample(
                """
                func typed(_ field: UITextField) -> String { field.text ?? "" }
                func caption(_ n: Int) -> String { String(format: ↓typed(captionField), n) }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                func emit(_ message: String) {
                    message.withCString { text in _ = printf("%s\\n", text) }
                }
                """),
            RuleExample(
                """
                // Joined from the app's own localized strings.
                let title = String(
                    format: NSLocalizedString("VOL_X", comment: "") + " " + NSLocalizedString("CH_X", comment: ""),
                    volume, chapter)
                """),
            RuleExample(
                """
                #define kGreeting @"Hello %@"
                - (void)showServerMessage:(NSString *)message {
                    NSLog(@"%@", message);
                    NSString *format = @"%@ (%lu)";
                    NSString *line = [NSString stringWithFormat:format, message, (unsigned long)message.length];
                    NSString *title = [NSString stringWithFormat:NSLocalizedString(@"greeting", nil), self.name];
                    NSString *hello = [NSString stringWithFormat:kGreeting, self.name];
                    NSString *countFormat = self.limited ? @"> %tu" : @"%tu";
                    NSString *count = [NSString stringWithFormat:countFormat, self.rooms.count];
                    NSString *unit = nil;
                    if (self.length > 1) { unit = OCLocalizedString(@"%lu years", nil); }
                    if (unit != nil) { NSLog(unit, self.length); }
                }
                - (void)log:(NSString *)format, ... {
                    va_list args;
                    va_start(args, format);
                    NSString *text = [[NSString alloc] initWithFormat:format arguments:args];
                    NSLog(@"%@", text);
                }
                """, path: "App/MessageCenter.m"),
            RuleExample(#"NSLog("%@", message)"#),
            RuleExample(#"let title = String(format: NSLocalizedString("greeting.format", comment: ""), name)"#),
            RuleExample(
                """
                private let rowFormat = "%02d: %@"
                func row(_ i: Int, _ name: String) -> String { String(format: rowFormat, i, name) }
                let pct = String(format: Self.percentFormat, value)
                let hex = bytes.map { String(format: "%02x", $0) }.joined()
                """),
            RuleExample(#"let s = String(format: L10n.itemsFormat, count)"#),
            // The project's localisation helper: each overload a call can reach returns a lookup of the table.
            RuleExample(
                """
                enum Strings {
                    static func tr(_ key: String) -> String {
                        NSLocalizedString(key, tableName: nil, bundle: .main, value: key, comment: "")
                    }
                    static func tr(_ key: String, _ arguments: CVarArg...) -> String {
                        String(format: tr(key), locale: .current, arguments: arguments)
                    }
                    static func plural(_ key: String, count: Int) -> String {
                        String.localizedStringWithFormat(tr(key), count)
                    }
                }
                """),
            // A freestanding macro given only literals expands to the same code at every build: the app's own text
            // (a localisation macro, `#tr("key")`).
            RuleExample(
                """
                let greeting = String(format: #tr("greeting.count"), count)
                let title = String(format: #localized("title.%@", table: "Main"), name)
                """),
            RuleExample(
                """
                extension String {
                    func format(arguments: CVarArg...) -> String { String(format: self, arguments: arguments) }
                }
                func spec(message: String, args: CVarArg...) -> String { String(format: message, arguments: args) }
                func caption(_ date: String) -> String {
                    let localized: String
                    localized = NSLocalizedString("renews.caption", value: "Renews on %@.", comment: "")
                    return String(format: localized, date)
                }
                """),
            RuleExample(
                """
                enum Strings {
                    private static let attemptsSingle = NSLocalizedString("%i Failed Attempt", comment: "")
                    private static let attemptsPlural = NSLocalizedString("%i Failed Attempts", comment: "")
                    static func failedAttempts(_ n: Int) -> String {
                        let template = n > 1 ? attemptsPlural : attemptsSingle
                        return String(format: template, n)
                    }
                }
                let message = String(format: configuration.messageTemplate, email)
                let approved = String(format: BUDDY_APPROVED_STRING(), name)
                """)
        ]
    )

    static let subscription = Subscription(
        // `String(format:)` and `NSString(format:)` by their label: most `String` tokens name the type.
        calls: .named(
            Set([
                "NSLog", "NSLogv", "localizedStringWithFormat", "appendingFormat", "appendFormat"
            ]).union(cFormatPositions.keys), orLabelled: ["format"]))
    /// The C library's printf family, called from Swift: the position of the format among the arguments.
    private static let cFormatPositions: [String: Int] = [
        "printf": 0, "vprintf": 0, "fprintf": 1, "vfprintf": 1, "dprintf": 1, "vdprintf": 1, "sprintf": 1,
        "vsprintf": 1, "asprintf": 1, "vasprintf": 1, "snprintf": 2, "vsnprintf": 2, "asprintf_l": 2,
        "vasprintf_l": 2, "syslog": 1
    ]

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let format = Self.variableFormat(of: call, in: file) else {
            // `var template = ""` looks constant here; a write of input into it, in any file, is a finding.
            if let format = Self.formatArgument(of: call) { Self.recordIndirectSources(of: format, in: file) }
            return
        }
        let used = file.step(at: format, "used as a format")
        if let source = UntrustedOrigin.trace(format, in: file) {
            report(
                file, at: format,
                "the format is \(source.first?.note ?? "input"), so any % sequence in it reads arguments that were never passed; pass a literal format and the text as an argument",
                evidence: .flow, flow: source + [used])
            return
        }
        report(
            file, at: format,
            "the format is not a constant, so any % sequence in it reads arguments that were never passed; pass a literal format and the text as an argument",
            flow: ValuePath.steps(to: format, in: file) + [used])
        // A parameter's value: what the function's callers pass, anywhere in the project, decides the finding.
        if let sink = ParameterSink.of(format, ruleId: Self.description.id) {
            file.record(kind: FactKind.parameterSink, value: sink.factValue, at: format)
        }
        Self.recordIndirectSources(of: format, in: file)
    }

    /// A stored property of the app's own type the format is read from, or the call of another file's function that
    /// makes it: what the project writes into it, or passes to it, may make the format a flow
    /// (`CallerArgumentsStage`).
    private static func recordIndirectSources(of format: ExprSyntax, in file: SwiftFile) {
        for (field, _) in FieldSink.embedded(in: format, ruleId: description.id) {
            var sink = field
            sink.note = "a format"
            file.record(kind: FactKind.fieldSink, value: sink.factValue, at: format)
        }
        ReturnSink.record(format, ruleId: description.id, note: "a format", in: file)
    }

    /// The finding at a format the project fills with input out of this file's sight (`steps`): a stored property
    /// some write fills, or what a function of another file returns.
    static func indirectFinding(_ format: ExprSyntax, in file: SwiftFile, steps: [FlowStep], via: String, note: String)
    {
        file.report(
            description, at: format,
            message:
                "the format is \(steps.first?.note ?? "input"), \(via), so any % sequence in it reads arguments that were never passed; pass a literal format and the text as an argument",
            evidence: .flow, flow: steps + [file.step(at: format, "used as a format")])
    }

    /// Whether what a caller passes for a parameter used as a format is the app's own text, as this rule judges a
    /// format where it is used: a literal, a constant, a localized string.
    static func isAppMadeFormat(_ expr: ExprSyntax, in file: SwiftFile) -> Bool {
        isConstant(expr, in: file)
    }

    /// The format argument of a formatting call when it is not a constant. `code.debug-logging` asks this too, so
    /// `NSLog(message)` is one finding.
    static func variableFormat(of call: FunctionCallExprSyntax, in file: SwiftFile) -> ExprSyntax? {
        // A format traced to input is input whatever it is called (`template` names a format the app wrote).
        guard let format = formatArgument(of: call),
            UntrustedOrigin.trace(format, in: file) != nil || !isConstant(format, in: file)
        else { return nil }
        return format
    }

    /// The format argument of a formatting call, constant or not; nil for a helper that passes its caller's format on.
    private static func formatArgument(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let name = call.calledName else { return nil }
        let format: ExprSyntax?
        switch name {
        case "NSLog", "NSLogv":
            guard LogSensitiveRule.isGlobalCall(call) else { return nil }
            format = call.arguments.first?.expression
        case "String", "NSString", "NSMutableString", "raise":
            // `NSException.raise(_:format:arguments:)` formats its reason.
            format = call.argument("format")
        case "localizedStringWithFormat", "appendingFormat", "appendFormat":
            format = call.arguments.first { $0.label == nil }?.expression
        case _ where cFormatPositions[name] != nil:
            guard call.calledBase == nil, let position = cFormatPositions[name],
                call.arguments.count > position
            else { return nil }
            format = call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: position)].expression
        default:
            return nil
        }
        guard let format, !isFormatForwarder(call) else { return nil }
        return format
    }

    /// `func format(_ args: CVarArg...) -> String { String(format: self, arguments: args) }`: a helper that passes
    /// its caller's format on. The callers decide whether the format is constant.
    private static func isFormatForwarder(_ call: FunctionCallExprSyntax) -> Bool {
        if call.argument("format")?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return true
        }
        guard let function = call.enclosingFunction else { return false }
        return function.signature.parameterClause.parameters.contains {
            $0.ellipsis != nil || $0.type.sourceText.contains("CVarArg")
        }
    }

    /// Literals, constants one name away, localized format keys, and generated string tables (`L10n.…`).
    private static func isConstant(_ expr: ExprSyntax, in file: SwiftFile, depth: Int = 0) -> Bool {
        guard depth < 6 else { return false }
        let e = expr.unwrapped
        if e.is(StringLiteralExprSyntax.self) { return true }
        // `count > 1 ? pluralFormat : singularFormat`: constant when both branches are.
        if let (then, otherwise) = e.conditionalBranches {
            return isConstant(then, in: file, depth: depth + 1) && isConstant(otherwise, in: file, depth: depth + 1)
        }
        // `NSLocalizedString("VOL_X", comment: "") + " " + NSLocalizedString("CH_X", comment: "")`: text joined
        // from constants is the app's own.
        if let sequence = e.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements.count % 2 == 1 else { return false }
            for (index, element) in elements.enumerated() {
                if index % 2 == 1 {
                    guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return false }
                } else if !isConstant(element, in: file, depth: depth + 1) {
                    return false
                }
            }
            return true
        }
        if file.stringValue(of: e) != nil { return true }
        // `#tr("greeting.count")`: a macro's expansion is made from the source of its arguments, so with only
        // literals it is the same code at every build, the app's own lookup.
        if let macro = e.as(MacroExpansionExprSyntax.self) {
            return macro.trailingClosure == nil && macro.additionalTrailingClosures.isEmpty
                && macro.arguments.allSatisfy { argument in
                    argument.expression.as(StringLiteralExprSyntax.self).map {
                        $0.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
                    } ?? false
                }
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `NSLocalizedString("key", comment:)`, `String(localized:)`, `.localized`, `L10n.format(…)`
            let callee = call.calledName ?? ""
            if callee.lowercased().contains("locali")
                || call.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true
            {
                return true
            }
            // `BUDDY_APPROVED_STRING()`: a generated string table's accessor (macro-style name, no arguments).
            if call.arguments.isEmpty, callee.count > 3,
                callee.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }), callee.contains("_")
            {
                return true
            }
            // `tr(key)`: a function of this file whose every return is a localized lookup or other app text, as
            // `NSLocalizedString(key, …)` itself is.
            if call.calledBase == nil || call.calledBase?.lastName.map({ $0 == "Self" || $0 == "self" }) == true {
                let returned = returnedValues(ofOverloadCalledBy: call, named: callee, in: file)
                if !returned.isEmpty, returned.count <= 8,
                    returned.allSatisfy({ isConstant($0, in: file, depth: depth + 1) })
                {
                    return true
                }
            }
            return call.calledBase.map { isConstant($0, in: file, depth: depth + 1) } ?? false
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            // Foundation's error texts are made at run time, often from what a server said.
            if errorTextMembers.contains(name) { return false }
            if name.lowercased().contains("locali") || isFormatName(name) { return true }
            // `L10n.itemsFormat`, `Self.percentFormat`, `Strings.greeting`: type-qualified names are constants.
            if let base = member.base?.lastName, base.first?.isUppercase == true { return true }
            return false
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            let lower = name.lowercased()
            if isFormatName(name) || lower.contains("locali")
                || name.hasPrefix("k") && name.dropFirst().first?.isUppercase == true
            {
                return true
            }
            if let origin = LocalValue.origin(of: e) { return isConstant(origin, in: file, depth: depth + 1) }
        }
        return false
    }

    /// What the functions of this file named `name` that take as many arguments as `call` passes return: the
    /// overload the call can reach (`tr(key)`, not `tr(key, args…)`).
    private static func returnedValues(
        ofOverloadCalledBy call: FunctionCallExprSyntax, named name: String, in file: SwiftFile
    ) -> [ExprSyntax] {
        guard file.contains("func \(name)(") else { return [] }
        let count = call.arguments.count
        return SyntaxSearch.all(FunctionDeclSyntax.self, in: file.tree) { function in
            let parameters = function.signature.parameterClause.parameters
            return function.name.text == name && parameters.count == count
                && !parameters.contains { $0.ellipsis != nil }
        }.flatMap(ValuePath.returnedValues(of:))
    }

    /// `dateFormat`, `messageTemplate`: names that say the value is a format written by the developer.
    private static let errorTextMembers: Set<String> = [
        "localizedDescription", "localizedFailureReason", "localizedRecoverySuggestion", "localizedFailure"
    ]

    private static func isFormatName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("format") || lower.hasSuffix("template")
    }
}
