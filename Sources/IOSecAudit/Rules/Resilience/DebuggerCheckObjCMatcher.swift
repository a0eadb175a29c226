/// `resilience.debugger-check` in Objective-C and C: `ptrace(PT_DENY_ATTACH, 0, 0, 0)`, `dlsym(handle, "ptrace")`,
/// and a `P_TRACED` test of `sysctl`'s answer. Once per method or function; low, to inform.
enum DebuggerCheckObjCMatcher: ObjCRule {
    static var description: RuleDescription { DebuggerCheckRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        var reportedBodies: Set<Int> = []
        var checks: [(Int, String)] = []
        for call in source.calls {
            if call.name == "ptrace", let first = call.arguments.first,
                source.identifiers(in: first) == ["PT_DENY_ATTACH"] || source.text(first) == "31"
            {
                checks.append(
                    (
                        call.nameIndex,
                        "ptrace(PT_DENY_ATTACH) stops a debugger only until ptrace is hooked or the call patched out; treat it as one signal, not a protection"
                    ))
            } else if call.name == "dlsym", call.arguments.count == 2,
                let symbol = source.stringValue(of: call.arguments[1]), symbol == "ptrace" || symbol == "sysctl"
            {
                checks.append(
                    (
                        call.nameIndex,
                        "\(symbol) looked up through dlsym to hide a debugger check; the lookup hides it from the import table, not from a hook; treat it as one signal, not a protection"
                    ))
            }
        }
        for index in source.occurrences(of: "P_TRACED") {
            checks.append(
                (
                    index,
                    "debugger detection by a sysctl P_TRACED test, which one hook on sysctl or a patched branch skips; treat it as one signal, not a protection"
                ))
        }
        for (index, message) in checks.sorted(by: { $0.0 < $1.0 }) {
            guard reportedBodies.insert(source.body(containing: index)?.lowerBound ?? -1).inserted else { continue }
            report(file, source, at: index, message)
        }
    }
}
