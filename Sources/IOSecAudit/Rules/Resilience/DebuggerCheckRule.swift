import SwiftSyntax

/// `resilience.debugger-check`: anti-debugging that rests on one `ptrace(PT_DENY_ATTACH)` call or one
/// `sysctl` `P_TRACED` test, directly or through `dlsym(…, "ptrace")`. One per function; low, to inform.
struct DebuggerCheckRule: SwiftRule {
    static let description = RuleDescription(
        id: "resilience.debugger-check",
        title: "Debugger check that one hook defeats",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-4",
        cwe: 693,
        owasp: OWASPReference("MASWE-0064", beta: "MASWE-0101", mastg: ["MASTG-TEST-0401", "MASTG-TEST-0402"], .close),
        rationale: """
            `ptrace(PT_DENY_ATTACH)` and a `sysctl` test of `P_TRACED` are the two debugger checks every iOS \
            reverse-engineering guide explains how to skip: hook `ptrace`/`sysctl` (or `dlsym`), patch the branch, \
            or attach after the check ran. Looking the function up with `dlsym(…, "ptrace")` hides it from the \
            import table but not from a hook. Such a check slows a casual look; it protects no secret. Reported as \
            low: it informs, it should not fail a build.
            """,
        fix:
            "Treat debugger detection as one signal among several (and repeat it), report it to the server, and keep secrets protected by the Keychain and server-side checks rather than by the process refusing a debugger.",
        fixExample: """
            let report = DeviceIntegrity.current.evaluate()
            if report.signals.contains(.debuggerAttached) { securityEvents.record(.integrityRisk(report.signals)) }
            """,
        triggeringExamples: [
            RuleExample(
                """
                static void denyDebugger(void) {
                    void *handle = dlopen(0, RTLD_GLOBAL | RTLD_NOW);
                    ptrace_ptr_t ptrace_ptr = (ptrace_ptr_t)↓dlsym(handle, "ptrace");
                    ptrace_ptr(PT_DENY_ATTACH, 0, 0, 0);
                }
                - (void)check { ↓ptrace(PT_DENY_ATTACH, 0, 0, 0); }
                """, path: "App/AntiDebug.m"),
            RuleExample(
                """
                func denyDebugger() {
                    let handle = dlopen(nil, RTLD_NOW)
                    let symbol = ↓dlsym(handle, "ptrace")
                    typealias PtraceType = @convention(c) (CInt, pid_t, CInt, CInt) -> CInt
                    let ptrace = unsafeBitCast(symbol, to: PtraceType.self)
                    _ = ptrace(31, 0, 0, 0)
                }
                """),
            RuleExample(
                """
                func isDebuggerAttached() -> Bool {
                    var info = kinfo_proc()
                    var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
                    var size = MemoryLayout<kinfo_proc>.stride
                    _ = sysctl(&mib, UInt32(mib.count), &info, &size, nil, 0)
                    return (info.kp_proc.p_flag & ↓P_TRACED) != 0
                }
                """),
            RuleExample("func harden() { ↓ptrace(PT_DENY_ATTACH, 0, nil, 0) }")
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                void *symbol = dlsym(handle, "SecItemCopyMatching");
                // ptrace(PT_DENY_ATTACH, 0, 0, 0);
                long result = ptrace(PT_TRACE_ME, 0, 0, 0);
                """, path: "App/AntiDebug.m"),
            RuleExample(
                """
                var size = 0
                sysctlbyname("hw.machine", nil, &size, nil, 0)
                """),
            RuleExample(#"let evaluate = dlsym(dlopen(nil, RTLD_NOW), "SecTrustEvaluateWithError")"#),
            RuleExample(#"logger.debug("ptrace(PT_DENY_ATTACH) is not used in this build")"#),
            RuleExample("let report = DeviceIntegrity.current.evaluate()")
        ]
    )

    static let subscription = Subscription(
        calls: .named(["ptrace", "dlsym"]),
        references: ["P_TRACED", "PT_DENY_ATTACH"])

    /// `PT_DENY_ATTACH`'s value in <sys/ptrace.h>, which Swift code often writes as a bare 31.
    private static let denyAttach = "31"
    /// Functions already reported, by position, so a check reports once.
    private var reportedScopes: Set<AbsolutePosition> = []

    mutating func visit(_ ref: DeclReferenceExprSyntax, in file: SwiftFile) {
        // `ptrace(PT_DENY_ATTACH, …)` is reported at the call.
        if ref.baseName.text == "PT_DENY_ATTACH",
            ref.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledName == "ptrace"
        {
            return
        }
        report(
            once: ref,
            ref.baseName.text == "P_TRACED"
                ? "debugger detection by a sysctl P_TRACED test, which one hook on sysctl or a patched branch skips; treat it as one signal, not a protection"
                : "ptrace(PT_DENY_ATTACH) stops a debugger only until ptrace is hooked or the call patched out; treat it as one signal, not a protection",
            in: file)
    }

    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard call.calledExpression.is(DeclReferenceExprSyntax.self) else { return }
        if call.calledName == "dlsym" {
            guard call.arguments.count == 2, let symbol = call.arguments.last?.expression.stringLiteralValue,
                ["ptrace", "sysctl"].contains(symbol)
            else { return }
            report(
                once: call,
                "\(symbol) looked up through dlsym to hide a debugger check; the lookup hides it from the import table, not from a hook; treat it as one signal, not a protection",
                in: file)
        } else if let first = call.arguments.first?.expression,
            first.lastName == "PT_DENY_ATTACH"
                || first.as(IntegerLiteralExprSyntax.self)?.literal.text == Self.denyAttach
        {
            report(
                once: call,
                "ptrace(PT_DENY_ATTACH) stops a debugger only until ptrace is hooked or the call patched out; treat it as one signal, not a protection",
                in: file)
        }
    }

    private mutating func report(once node: some SyntaxProtocol, _ message: String, in file: SwiftFile) {
        let scope = Syntax(node).enclosingFunction.map(\.position) ?? AbsolutePosition(utf8Offset: 0)
        guard reportedScopes.insert(scope).inserted else { return }
        report(file, at: node, message)
    }
}
