import IOSecCore

/// `storage.log-sensitive` in Objective-C and C: `NSLog`, `printf`-family, CocoaLumberjack and project logger
/// macros (`MXLogDebug`, `RCTLogInfo`: a `…Log<Level>` name, as Swift's `logger.debug`) whose arguments are a
/// secret, or whose format labels the argument it shows as one (`NSLog(@"token: %@", value)`). os_log leaks only
/// `%{public}` arguments.
enum LogSensitiveObjCMatcher: ObjCRule {
    static var description: RuleDescription { LogSensitiveRule.description }

    static let functions: Set<String> = LogSensitiveRule.consoleFunctions.union(LogSensitiveRule.cFunctions)
        .union(LogSensitiveRule.thirdPartyFunctions).union([
            "os_log", "os_log_info", "os_log_debug", "os_log_error", "os_log_fault"
        ])

    /// The last words of a logger macro's name after `Log`: `MXLogDebug`, `DDLogWarn`, `MXLogErrorDetails`.
    static let levelWords: Set<String> = [
        "debug", "info", "warn", "warning", "error", "verbose", "trace", "notice", "fault", "critical", "failure",
        "details"
    ]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        checkExceptions(source, in: file)
        checkLoggingMethods(source, in: file)
        // Read once, and only in a file that uses CocoaLumberjack's macros.
        var release: String??
        for call in source.calls {
            // `ALog(@"…", password)`: a macro named for logging that no table knows; the project's `#define` of it
            // decides whether it logs in release builds (`LoggingMacroStage`).
            let isProjectMacro = !functions.contains(call.name) && !isLoggerMacro(call.name)
            guard !isProjectMacro || isNamedForLogging(call.name) else { continue }
            let before = file.findings.count
            defer {
                // A known name the project defines itself (`#define DDLogDebug(…)` only under `#ifdef DEBUG`) is
                // the project's macro.
                if file.findings.count > before {
                    file.record(
                        kind: isProjectMacro ? FactKind.objcLogMacroCall : FactKind.objcKnownLogCall,
                        value: call.name, line: source.tokens[call.nameIndex].line)
                }
            }
            var silentInRelease = false
            if LumberjackLevel.macroLevels[call.name] != nil {
                if release == nil { release = .some(LumberjackLevel.releaseLevel(in: source)) }
                if let level = release ?? nil, LumberjackLevel.isSilent(call.name, at: level) { silentInRelease = true }
            }
            let isOSLog = call.name.hasPrefix("os_log")
            guard let (formatIndex, format) = format(of: call, source),
                formatIndex + 1 < call.arguments.count  // only the format: nothing but the literal is shown
            else { continue }
            // os_log redacts `%@` by default: only `%{public}` arguments leak; `%{private}` never does.
            let privacy = conversionPrivacy(format)
            let conversions = LogLabel.conversionKinds(format)
            // Labels are read only for a value that may be a secret whatever it is called: most logged values are
            // ids, counts and errors, and reading the words of every format cost more than the rest of the rule.
            var labels: [String?]?
            for (k, value) in call.arguments.dropFirst(formatIndex + 1).enumerated() {
                let marked = k < privacy.count ? privacy[k] : nil
                if marked == "private" || isOSLog && marked != "public" { continue }
                // A pointer's address (`%p`) shows no content; a redacting wrapper (`OCLogPrivate(secret)`) hides it.
                let conversion = k < conversions.count ? conversions[k] : .object
                if conversion == .pointer || isRedacted(value, source) { continue }
                // A credential by its source: a header read back, or a container the file reads a credential from.
                let credential =
                    source.credentialHeaderRead(in: value).map { "the '\($0)' header of a request is logged" }
                    ?? source.credentialKeyRead(in: value).map {
                        "'\(source.text(value.lowerBound))' holds '\($0)' (this file reads it from it) and is logged whole"
                    }
                    ?? source.credentialPart(in: value).map {
                        "'\(source.text(value.lowerBound))', which this method passes on as `\($0):`, is logged"
                    }
                if let credential {
                    report(
                        file, source, at: call.nameIndex,
                        credential + (isOSLog ? " with public privacy; use %{private}@ or remove it" : "; remove it")
                            + (silentInRelease ? " (\(call.name) is below the release log level)" : ""),
                        evidence: .api, debugOnly: silentInRelease)
                    break
                }
                if let name = source.sensitiveName(in: value),
                    conversion != .number || SensitiveName.classify(name).map(LogLabel.numericSecrets.contains) == true
                {
                    let message =
                        isOSLog
                        ? "'\(name)' is logged with public privacy; use %{private}@ or remove it"
                        : "'\(name)' is logged; remove it or use os_log with %{private}@"
                    // As in Swift: a specific credential's name is medium, a generic one low.
                    report(
                        file, source, at: call.nameIndex,
                        message + (silentInRelease ? " (\(call.name) is below the release log level)" : ""),
                        confidence: LogLabel.namesSpecificCredential(name) ? .medium : .low, evidence: .name,
                        debugOnly: silentInRelease)
                    break
                }
                guard conversion != .number, let candidate = secretCandidate(value, source) else { continue }
                let formatLabels = labels ?? LogLabel.formatLabels(format)
                labels = formatLabels
                if k < formatLabels.count, let label = formatLabels[k], mayHoldSecret(candidate, labelled: label) {
                    report(
                        file, source, at: call.nameIndex,
                        "a value labelled '\(label)' is logged; remove it or use os_log with %{private}@"
                            + (silentInRelease ? " (\(call.name) is below the release log level)" : ""),
                        confidence: .low, evidence: .name, debugOnly: silentInRelease)
                    break
                }
            }
        }
    }

    /// `[NSException raise:name format:@"… %@", password]`, `[NSException exceptionWithName:n reason:text userInfo:u]`:
    /// an uncaught exception's reason goes to the console and into the crash report.
    private static func checkExceptions(_ source: ObjCSource, in file: ArtifactFile) {
        for send in source.sends(withFirstPart: "raise", "exceptionWithName", "initWithName") {
            // The format's arguments follow it, separated by commas, up to the bracket.
            let shown =
                send.argument("format").map { source.split($0.lowerBound..<send.close) }
                ?? send.argument("reason").map { [$0] } ?? []
            guard let name = shown.lazy.compactMap({ source.sensitiveName(in: $0) }).first else { continue }
            report(
                file, source, at: send.open, "'\(name)' is logged; remove it or use os_log with %{private}@",
                confidence: LogLabel.namesSpecificCredential(name) ? .medium : .low, evidence: .name)
        }
    }

    /// The first argument that is a constant string, and its value.
    private static func format(of call: ObjCCall, _ source: ObjCSource) -> (Int, String)? {
        for (index, argument) in call.arguments.enumerated() {
            if let value = source.stringValue(of: argument) { return (index, value) }
        }
        return nil
    }

    /// `OCLogPrivate(secret)`, `mask(token)`, `[token sha256]`: a call whose name says it hides or digests its input.
    static func isRedacted(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        let r = source.trimmedExpression(range)
        guard let first = r.first, let last = r.last else { return false }
        let name: String?
        if source.isIdentifier(first), source.isPunct(first + 1, "("), source.match[first + 1] == last {
            name = source.text(first)
        } else if source.isPunct(first, "["), source.match[first] == last, let send = source.send(openingAt: first) {
            name = send.parts.first?.name
        } else {
            name = nil
        }
        guard let name else { return false }
        return !Set(SensitiveName.words(name)).isDisjoint(with: LogLabel.redactingWords)
    }

    /// `MXLogDebug`, `DDLogInfo`, `RCTLogWarn`, `logError`: the word `log` followed only by level words.
    static func isLoggerMacro(_ name: String) -> Bool {
        // A word `log` is spelled `log`, `Log` or `LOG`: a name without those bytes is not split into words. Most C
        // calls of a file are not logging.
        var last = (UInt8(0), UInt8(0))
        guard
            name.utf8.contains(where: { byte in
                defer { last = (last.1, byte) }
                return last.0 | 0x20 == UInt8(ascii: "l") && last.1 | 0x20 == UInt8(ascii: "o")
                    && byte | 0x20 == UInt8(ascii: "g")
            })
        else { return false }
        let words = SensitiveName.words(name)
        guard let log = words.lastIndex(of: "log"), log < words.count - 1, log <= 2 else { return false }
        return words[(log + 1)...].allSatisfy(levelWords.contains)
    }

    /// Words of a one-part selector that name logging: a send of such a selector with a secret is a finding when a
    /// method of the scan with that selector logs its argument (`LoggingMacroStage`).
    static let loggingSelectorWords: Set<String> = [
        "log", "trace", "debug", "verbose", "info", "warn", "warning", "error", "print", "record"
    ]

    /// The project's own logging methods and the sends that may reach them. A method of one parameter that hands it
    /// to a logging function as it is (`- (void)trace:(NSString *)message { NSLog(@"%@", message); }`) is recorded
    /// (`FactKind.objcLogMethod`), unless only debug builds compile the call; a send of a one-part selector named
    /// for logging whose argument is a secret (`[self trace:[NSString stringWithFormat:@"token %@", token]]`) is
    /// reported, for the stage to keep when such a method exists (`FactKind.objcLogMethodCall`).
    private static func checkLoggingMethods(_ source: ObjCSource, in file: ArtifactFile) {
        var recorded: Set<Int> = []
        for call in source.calls
        where !call.name.hasPrefix("os_log") && (functions.contains(call.name) || isLoggerMacro(call.name))
            && ObjCSource.context(of: source.tokens[call.nameIndex]) == .app
        {
            guard let body = source.body(containing: call.nameIndex), !recorded.contains(body.lowerBound),
                let (selector, parameter) = oneParameterMethod(of: body, source),
                call.arguments.contains(where: { source.identifiers(in: $0) == [parameter] })
            else { continue }
            recorded.insert(body.lowerBound)
            file.record(
                kind: FactKind.objcLogMethod, value: FactKind.join(selector, call.name),
                line: source.tokens[call.nameIndex].line)
        }
        for send in source.sends where send.parts.count == 1 {
            let part = send.parts[0]
            guard let argument = part.argument,
                SensitiveName.words(part.name).contains(where: loggingSelectorWords.contains),
                let name = source.sensitiveName(in: argument)
            else { continue }
            report(
                file, source, at: part.nameIndex,
                "'\(name)' is logged through `\(send.selector)`; remove it or use os_log with %{private}@",
                confidence: LogLabel.namesSpecificCredential(name) ? .medium : .low, evidence: .name)
            file.record(
                kind: FactKind.objcLogMethodCall, value: send.selector, line: source.tokens[part.nameIndex].line)
        }
    }

    /// `- (void)trace:(NSString *)message {`: the selector (`trace:`) and the parameter's name.
    private static func oneParameterMethod(
        of body: ClosedRange<Int>, _ source: ObjCSource
    ) -> (selector: String, parameter: String)? {
        let signature = source.signature(of: body)
        guard var index = signature.first(where: { source.isPunct($0, "-") || source.isPunct($0, "+") }),
            source.isPunct(index + 1, "(")
        else { return nil }
        index += 1
        index = source.match[index] + 1
        guard index > 0, index + 2 < signature.upperBound, source.isIdentifier(index), source.isPunct(index + 1, ":"),
            source.isPunct(index + 2, "("), source.match[index + 2] > index + 2
        else { return nil }
        let parameter = source.match[index + 2] + 1
        guard parameter + 1 == signature.upperBound, source.isIdentifier(parameter) else { return nil }
        return (source.text(index) + ":", source.text(parameter))
    }

    /// `ALog`, `DLog`, `MyLog`, `logMessage`: a word `log` in a name of a few words. C's `log` is the logarithm (and
    /// takes no format, which the rule needs).
    static func isNamedForLogging(_ name: String) -> Bool {
        guard name != "log", name.utf8.count <= 24, name.lowercased().contains("log") else { return false }
        let words = SensitiveName.words(name)
        return words.count <= 3 && words.contains("log")
    }

    /// The privacy tag of each conversion (`%{public}@`): os_log's format syntax, read as the Swift rule reads it.
    static func conversionPrivacy(_ format: String) -> [String?] { LogSensitiveRule.formatPrivacy(format) }

    /// The name a value is read by, when the value may be a secret if its label says so: not a literal, a number, a
    /// flag, a count or an error. `[x token]`, `[x tokenForKey:k]`, `self.value`, `f(x)`.
    static func secretCandidate(_ range: Range<Int>, _ source: ObjCSource) -> String? {
        let r = source.trimmedExpression(range)
        guard let first = r.first else { return nil }
        if source.stringValue(of: r) != nil || source.isTrivialValue(r) { return nil }
        if r.count == 1, source.tokens[first].kind != .identifier { return nil }
        let name: String?
        if source.isPunct(r.upperBound - 1, "]"), let send = source.send(openingAt: first),
            send.close == r.upperBound - 1
        {
            name = send.parts.first?.name
        } else if source.isPunct(r.upperBound - 1, ")"), source.isIdentifier(first), source.isPunct(first + 1, "(") {
            name = source.text(first)
        } else {
            name = source.lastIdentifier(in: r)
        }
        guard let name else { return nil }
        if Sensitivity.inputTextMembers.contains(name) || name == "stringValue" { return name }
        let isMetadata =
            SensitiveName.isMetadata(name) || Sensitivity.harmlessMembers.contains(name)
            || [
                "localizedDescription", "code", "domain", "userInfo", "boolValue", "integerValue", "intValue", "self",
                "YES", "NO"
            ].contains(name)
        return isMetadata ? nil : name
    }

    /// Whether a value read by `name` (a `secretCandidate`) may be the secret its label names: not when the name
    /// says what kind of token it is (`Token: %@` with `deviceToken` or `[Tools logForPushToken:t]`: the label's word
    /// in a name the classifier calls no secret).
    static func mayHoldSecret(_ name: String, labelled label: String) -> Bool {
        if Sensitivity.inputTextMembers.contains(name) || name == "stringValue" { return true }
        let words = SensitiveName.words(name)
        return Set(words).isDisjoint(with: SensitiveName.words(label)) || SensitiveName.isSensitive(name)
    }
}
