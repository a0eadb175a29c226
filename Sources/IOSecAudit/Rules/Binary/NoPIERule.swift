import IOSecCore

/// `binary.no-pie`: an executable without `MH_PIE` loads at a fixed address, so ASLR does not protect it.
/// Dylibs and bundles are position-independent by construction and never set the flag.
enum NoPIERule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.no-pie",
        title: "Executable is not position-independent (no ASLR)",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 119, owasp: OWASPReference("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0228"], .exact),
        rationale: """
            Without MH_PIE the executable is mapped at the same address every launch, so an attacker who finds a \
            memory-corruption bug knows where the app's code and data are. Every toolchain since iOS 4.3 makes \
            position-independent executables by default; a binary without it was linked with -no_pie or by an \
            unusual tool.
            """,
        fix: "Link the app as a position-independent executable: remove -no_pie from Other Linker Flags.",
        fixExample: """
            // Build Settings of the app target
            GENERATE_PIE = YES            // the default
            OTHER_LDFLAGS = $(inherited)  // without -no_pie
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        let fixed = binary.machO.slices.filter { $0.fileType == .execute && !$0.isPIE }
        guard !fixed.isEmpty else { return }
        let archs = BinaryFile.architectures(fixed)
        binary.report(
            description, evidence: "\(archs): MH_EXECUTE without MH_PIE",
            message:
                "\(binary.name) (\(archs)) is an executable without MH_PIE: it loads at a fixed address and ASLR does not apply"
        )
    }
}
