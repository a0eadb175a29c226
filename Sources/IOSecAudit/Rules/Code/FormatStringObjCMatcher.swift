import IOSecCore

/// `code.format-string` in Objective-C and C: `NSLog(message)`, `printf(text)`, `[NSString stringWithFormat:text]`,
/// `initWithFormat:`, `appendFormat:` or `stringByAppendingFormat:` whose format is a parameter, a local not declared
/// with a constant, or a text field's text. Literals, `#define`s, localized strings and methods that forward their
/// own variadic format (`- (void)log:(NSString *)format, ...`) are left alone.
enum FormatStringObjCMatcher: ObjCRule {
    static var description: RuleDescription { FormatStringRule.description }

    static let functions: Set<String> = ["NSLog", "printf", "syslog"]
    static let selectors: Set<String> = [
        "stringWithFormat:", "initWithFormat:", "appendFormat:", "stringByAppendingFormat:",
        "localizedStringWithFormat:"
    ]

    static let selectorParts = firstParts(of: selectors)
    static let requiredNames: Set<String>? = functions.union(selectorParts)

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls(named: functions) {
            if let format = variableFormat(of: call, source) { report(file, source, at: format.lowerBound) }
        }
        for send in source.sends(withFirstPart: selectorParts) where selectors.contains(send.selector) {
            guard let arguments = send.parts[0].argument, let format = source.split(arguments).first,
                let variable = variableFormat(format, at: send.parts[0].nameIndex, source)
            else { continue }
            report(file, source, at: variable.lowerBound)
        }
    }

    /// The format of `NSLog` / `printf` / `syslog` when it is not a constant. `code.debug-logging` asks this too, so
    /// `NSLog(message)` is one finding.
    static func variableFormat(of call: ObjCCall, _ source: ObjCSource) -> Range<Int>? {
        guard functions.contains(call.name) else { return nil }
        let index = call.name == "syslog" ? 1 : 0
        guard index < call.arguments.count else { return nil }
        return variableFormat(call.arguments[index], at: call.nameIndex, source)
    }

    private static func variableFormat(_ range: Range<Int>, at use: Int, _ source: ObjCSource) -> Range<Int>? {
        let format = source.trimmedExpression(range)
        guard !format.isEmpty, isVariable(format, source), !forwardsVariadicFormat(use, source) else { return nil }
        return format
    }

    private static func report(_ file: ArtifactFile, _ source: ObjCSource, at index: Int) {
        report(
            file, source, at: index,
            "the format is not a constant, so any % sequence in it reads arguments that were never passed; pass a literal format and the text as an argument"
        )
    }

    /// A parameter, a local every value of which is computed (none a literal, a localized string or nil), or a
    /// field's `text`.
    private static func isVariable(_ format: Range<Int>, _ source: ObjCSource) -> Bool {
        if format.count == 1, source.isIdentifier(format.lowerBound) {
            let name = source.text(format.lowerBound)
            if source.constants[name] != nil || source.defines.contains(where: { $0.name == name }) { return false }
            let values = assignedValues(of: name, before: format.lowerBound, source)
            // Not given a value in the body: a parameter is a variable; anything else (a global, an ivar) is unknown.
            if values.isEmpty { return isParameter(name, at: format.lowerBound, source) }
            return values.allSatisfy { !isConstant($0, source) && source.text($0) != "nil" }
        }
        // `self.messageField.text`, `[field text]`
        return source.lastIdentifier(in: format) == "text" && !isConstant(format, source)
    }

    /// A literal, a `#define`d or `const` string, a localized string, or a choice between such (`a ? @"x" : @"y"`).
    static func isConstant(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        let r = source.trimmedExpression(range)
        if source.stringValue(of: r) != nil || isLocalized(r, source) { return true }
        guard let question = r.first(where: { source.isPunct($0, "?") && !source.isInsideGroup($0, of: r) }),
            let colon = r.first(where: { $0 > question && source.isPunct($0, ":") && !source.isInsideGroup($0, of: r) })
        else { return false }
        return isConstant((question + 1)..<colon, source) && isConstant((colon + 1)..<r.upperBound, source)
    }

    /// The values `name` is given in the body before `use`: its declaration's and plain assignments'
    /// (`format = OCLocalizedString(@"%lu years", nil);` in a switch).
    private static func assignedValues(of name: String, before use: Int, _ source: ObjCSource) -> [Range<Int>] {
        guard let body = source.body(containing: use) else { return [] }
        var values: [Range<Int>] = []
        for index in source.occurrences(of: name) where index > body.lowerBound && index < use {
            guard source.isPunct(index + 1, "="), !source.isPunct(index - 1, "."), !source.isPunct(index - 1, "->")
            else { continue }
            var end = index + 2
            while end < use, !source.isPunct(end, ";") {
                end = source.match[end] > end ? source.match[end] + 1 : end + 1
            }
            values.append((index + 2)..<min(end, use))
        }
        return values
    }

    private static func isLocalized(_ range: Range<Int>, _ source: ObjCSource) -> Bool {
        source.identifiers(in: range).contains {
            $0.hasPrefix("NSLocalizedString") || $0.hasSuffix("LocalizedString") || $0.hasSuffix("L10n")
        }
    }

    /// Whether `name` is a parameter of the method or function around token `index`.
    private static func isParameter(_ name: String, at index: Int, _ source: ObjCSource) -> Bool {
        guard let body = source.body(containing: index) else { return false }
        return source.signature(of: body).contains { source.isIdentifier($0) && source.text($0) == name }
    }

    /// `- (void)log:(NSString *)format, ...` or a function taking `va_list`: the callers pass the format.
    private static func forwardsVariadicFormat(_ index: Int, _ source: ObjCSource) -> Bool {
        guard let body = source.body(containing: index) else { return false }
        let signature = source.signature(of: body)
        return signature.contains { source.isPunct($0, "...") || source.text($0) == "va_list" }
            || source.text(signature).contains("...")
    }
}
