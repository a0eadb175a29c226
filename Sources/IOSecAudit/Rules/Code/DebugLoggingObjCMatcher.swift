import IOSecCore

/// `code.debug-logging` in Objective-C and C: `NSLog`, `printf` and `puts` outside `#if DEBUG`. One finding per
/// file, at the first call, as in Swift; calls that print only fixed text are left alone, and calls that log a
/// secret or take a variable format are `storage.log-sensitive`'s or `code.format-string`'s finding instead.
enum DebugLoggingObjCMatcher: ObjCRule {
    static var description: RuleDescription { DebugLoggingRule.description }

    static let functions: Set<String> = ["NSLog", "printf", "puts"]

    static let requiredNames: Set<String>? = functions

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let calls = source.calls.filter { call in
            functions.contains(call.name) && source.context(of: source.tokens[call.nameIndex]) == .app
                && !call.arguments.contains { source.sensitiveName(in: $0) != nil }
                && FormatStringObjCMatcher.variableFormat(of: call, source) == nil
                // `NSLog(@"statements reloaded")`: a fixed line tells a reader of the log nothing.
                && !call.arguments.allSatisfy { source.stringValue(of: $0) != nil }
        }
        guard let first = calls.first else { return }
        // The path last: most files make no such call.
        let folders = file.path.split(separator: "/").dropLast().map(String.init)
        guard !folders.contains(where: DebugLoggingRule.toolFolders.contains) else { return }
        let more =
            calls.count > 1
            ? " (and \(calls.count - 1) more console call\(calls.count == 2 ? "" : "s") in this file)" : ""
        report(
            file, source, at: first.nameIndex,
            "'\(first.name)' writes to the console in release builds\(more); wrap them in #if DEBUG or use os_log")
    }
}
