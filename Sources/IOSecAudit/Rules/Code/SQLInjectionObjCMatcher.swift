/// `code.sql-injection` in Objective-C: SQL made with `stringWithFormat:` (directly, or in a local the call
/// uses) and run as text by `sqlite3_exec` / `sqlite3_prepare*` or FMDB's `executeQuery:` / `executeUpdate:`
/// without bound arguments.
enum SQLInjectionObjCMatcher: ObjCRule {
    static var description: RuleDescription { SQLInjectionRule.description }

    static let sqliteCalls: Set<String> = [
        "sqlite3_exec", "sqlite3_prepare", "sqlite3_prepare_v2", "sqlite3_prepare_v3"
    ]

    static let requiredNames: Set<String>? = sqliteCalls.union(["executeQuery", "executeUpdate"])

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for call in source.calls where sqliteCalls.contains(call.name) && call.arguments.count >= 2 {
            if isFormatted(call.arguments[1], in: source, before: call.nameIndex) {
                report(file, source, at: call.arguments[1].lowerBound)
            }
        }
        for send in source.sends where send.selector == "executeQuery:" || send.selector == "executeUpdate:" {
            // `executeQuery:@"… ?", value` binds; a formatted string with no further argument does not.
            guard let sql = send.parts.first?.argument, source.split(sql).count == 1 else { continue }
            if isFormatted(sql, in: source, before: send.open) { report(file, source, at: sql.lowerBound) }
        }
    }

    private static func report(_ file: ArtifactFile, _ source: ObjCSource, at index: Int) {
        report(
            file, source, at: index,
            "SQL is built from a formatted string with values in it and run as text; use ? placeholders and bind the values"
        )
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
