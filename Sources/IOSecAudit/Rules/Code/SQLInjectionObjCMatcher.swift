/// `code.sql-injection` in Objective-C: SQL made with `stringWithFormat:` (directly, or in a local the call
/// uses) and run as text by `sqlite3_exec` / `sqlite3_prepare*` or FMDB's `executeQuery:` / `executeUpdate:`
/// without bound arguments, or handed to a method of the same file that runs its parameter so
/// (`[self recordsForSQL:sql binder:nil]`).
enum SQLInjectionObjCMatcher: ObjCRule {
    static var description: RuleDescription { SQLInjectionRule.description }

    static let sqliteCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3"
    ]

    static let requiredNames: Set<String>? = sqliteCalls.union(["executeQuery", "executeUpdate"])

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        // The file's own methods that run a parameter as SQL text, by selector: the label of that parameter.
        var runners: [String: String] = [:]
        for call in source.calls where sqliteCalls.contains(call.name) && call.arguments.count >= 2 {
            if isFormatted(call.arguments[1], in: source, before: call.nameIndex) {
                report(file, source, at: call.arguments[1].lowerBound)
            } else if let runner = runner(of: call.arguments[1], in: source) {
                runners[runner.selector] = runner.label
            }
        }
        for send in source.sends where send.selector == "executeQuery:" || send.selector == "executeUpdate:" {
            // `executeQuery:@"… ?", value` binds; a formatted string with no further argument does not.
            guard let sql = send.parts.first?.argument, source.split(sql).count == 1 else { continue }
            if isFormatted(sql, in: source, before: send.open) {
                report(file, source, at: sql.lowerBound)
            } else if let runner = runner(of: sql, in: source) {
                runners[runner.selector] = runner.label
            }
        }
        guard !runners.isEmpty else { return }
        for send in source.sends {
            guard let label = runners[send.selector], let sql = send.argument(label),
                isFormatted(sql, in: source, before: send.open)
            else { continue }
            report(file, source, at: sql.lowerBound, through: send.selector)
        }
    }

    private static func report(_ file: ArtifactFile, _ source: ObjCSource, at index: Int, through runner: String? = nil)
    {
        let run = runner.map { "run as text by `\($0)`" } ?? "run as text"
        report(
            file, source, at: index,
            "SQL is built from a formatted string with values in it and \(run); use ? placeholders and bind the values")
    }

    /// The enclosing method, when the SQL run is one of its parameters as it is (`sql`, `sql.UTF8String`,
    /// `[sql UTF8String]`): its selector and that parameter's label.
    private static func runner(of sql: Range<Int>, in source: ObjCSource) -> (selector: String, label: String)? {
        let names = source.identifiers(in: sql).filter { $0 != "UTF8String" }
        guard names.count == 1, let body = source.body(containing: sql.lowerBound),
            let method = source.methodParameters(of: body),
            let parameter = method.parameters.first(where: { $0.name == names[0] })
        else { return nil }
        return (method.selector, parameter.label)
    }

    /// `[NSString stringWithFormat:@"… %@", value]` (with at least one value shown as text that is not a constant),
    /// `.UTF8String` of one, or a local
    /// assigned from one earlier in the same body.
    static func isFormatted(_ range: Range<Int>, in source: ObjCSource, before use: Int) -> Bool {
        if let send = source.sends.first(where: {
            range.contains($0.open) && $0.selector.hasPrefix("stringWithFormat:")
        }) {
            let arguments = source.split(send.parts[0].argument ?? 0..<0)
            guard arguments.count > 1 else { return false }
            // Numbers (`%ld`) and constant text (`cond ? @"AND version = ?" : @""`) cannot change the statement.
            guard let format = source.stringValue(of: arguments[0]) else { return true }
            let conversions = LogLabel.conversions(format)
            let bytes = format.utf8
            return arguments.dropFirst().enumerated().contains { k, value in
                guard k < conversions.count else { return !FormatStringObjCMatcher.isConstant(value, source) }
                let conversion = conversions[k]
                guard conversion.kind == .object, !FormatStringObjCMatcher.isConstant(value, source) else {
                    return false
                }
                // A table or column name where SQL wants one (`FROM %@`), or a name that says it is schema.
                let start = bytes.index(bytes.startIndex, offsetBy: conversion.range.lowerBound)
                let end = bytes.index(bytes.startIndex, offsetBy: conversion.range.upperBound)
                if SQLIdentifierSlot.isIdentifierSlot(before: format[..<start], after: format[end...]) { return false }
                if let name = source.lastIdentifier(in: value), SQLIdentifierSlot.isSchemaName(name) { return false }
                return !source.identifiers(in: value).contains { SQLIdentifierSlot.isSanitizingCall($0) }
            }
        }
        let names = source.identifiers(in: range).filter { $0 != "UTF8String" && $0 != "self" }
        guard names.count == 1, let name = names.first, let body = source.body(containing: use) else { return false }
        return source.assignments().contains { assignment in
            assignment.equals > body.lowerBound && assignment.equals < use
                && source.lastIdentifier(in: assignment.target) == name
                && isFormatted(assignment.value, in: source, before: assignment.equals)
        }
    }
}
