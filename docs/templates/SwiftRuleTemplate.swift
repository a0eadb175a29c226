// Template for a new Swift rule: copy to Sources/IOSecAudit/Rules/<Area>/<Name>Rule.swift, rename, fill in.
// CONTRIBUTING.md walks through the steps; `swift test` tells you which one you missed.
import SwiftSyntax

/// `area.name`: one sentence saying what the rule finds.
struct NameRule: SwiftRule {
    static let description = RuleDescription(
        id: "area.name",
        title: "Short title, as a finding heading",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        // OWASP MASWE 1.0 id, its beta id, the iOS MASTG tests, and how close the rule is (exact, close, related).
        owasp: OWASPReference("MASWE-0001", beta: "MASWE-0006", mastg: [], .exact),
        // Only when no item of the audit checklist decides the rule: why (else name it in ChecklistItems.swift).
        outsideChecklist: nil,
        rationale: """
            Why this is a weakness on iOS, in two or three sentences a developer who did not write the code will \
            accept: what an attacker gets, on which device state, with which tool.
            """,
        fix: "One line: what to do instead.",
        fixExample: """
            // The correct code, ready to copy (IOSecKit where it has the building block).
            """,
        triggeringExamples: [
            // ↓ marks the expected position of each finding. A FindingSpec per marker states the severity,
            // confidence or message fragment a branch produces: give one to every branch that changes them.
            RuleExample(
                """
                let x = ↓dangerousCall(secret)
                """, findings: [FindingSpec(severity: .medium, message: "'secret'")]),
            RuleExample(
                """
                #if DEBUG
                let y = ↓dangerousCall(token)
                #endif
                """, options: ScanOptions(jobs: 1, includedContexts: [.debug])),
            RuleExample(
                """
                - (void)save { ↓dangerousCall(self.password); }
                """, path: "App/Store.m")  // when an Objective-C matcher shares this description
        ],
        nonTriggeringExamples: [
            // Realistic safe code, above all the ordinary code the pattern could be mistaken for.
            RuleExample("let x = dangerousCall(spinnerTitle)"),
            RuleExample("let x = safeCall(secret)"),
            RuleExample("// dangerousCall(secret) was removed in 2.3")
        ]
    )

    // Optional name filters: the dispatcher hands a call to this rule only if its called name is one of these.
    static let calleeNames: Set<String>? = ["dangerousCall"]

    // One typed hook per node kind the rule needs; implementing the hook is the subscription
    // (`swift run iosec-generate` records it in SwiftHooks.generated.swift).
    mutating func visit(_ call: FunctionCallExprSyntax, in file: SwiftFile) {
        guard let argument = call.arguments.first?.expression,
            let name = Sensitivity.sensitiveName(in: argument)
        else { return }
        report(file, at: call, "'\(name)' is passed to dangerousCall; use safeCall")
    }
}
