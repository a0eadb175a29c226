import IOSecCore

/// `binary.no-stack-canary`: C or Objective-C code compiled without `-fstack-protector`. Only decided for binaries
/// that hold C or Objective-C code: Swift guards only functions with stack buffers, so a pure Swift binary without
/// `___stack_chk_fail` is normal (the false alarm other scanners are known for).
enum NoStackCanaryRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.no-stack-canary",
        title: "C/Objective-C code without stack canaries",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-CODE-4",
        cwe: 121,
        rationale: """
            Stack canaries make a stack buffer overflow in C or Objective-C code abort the app instead of letting \
            the attacker overwrite the return address. A binary with C or Objective-C code that imports neither \
            ___stack_chk_fail nor ___stack_chk_guard was built with -fno-stack-protector. Pure Swift binaries \
            are not reported: Swift only adds canaries to functions with stack buffers, and most have none.
            """,
        fix: "Build C and Objective-C code with stack protection: remove -fno-stack-protector from the compiler flags.",
        fixExample: """
            // Build Settings
            OTHER_CFLAGS = $(inherited) -fstack-protector-strong   // and no -fno-stack-protector anywhere
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static let canarySymbols: Set<String> = ["___stack_chk_fail", "___stack_chk_guard"]

    static func check(_ binary: BinaryFile) {
        let missing = binary.machO.slices.filter { slice in
            hasCFamilyCode(slice) && slice.imports.isDisjoint(with: canarySymbols)
        }
        guard !missing.isEmpty else { return }
        let archs = BinaryFile.architectures(missing)
        let language = missing.contains(where: \.hasObjC) ? "Objective-C" : "C"
        binary.report(
            description, evidence: "\(archs): no ___stack_chk_fail / ___stack_chk_guard import",
            message:
                "\(binary.name) (\(archs)) has \(language) code but imports neither ___stack_chk_fail nor ___stack_chk_guard: built without stack protection"
        )
    }

    /// Objective-C metadata, or a binary with code and no Swift metadata at all (plain C).
    static func hasCFamilyCode(_ slice: MachOSlice) -> Bool {
        if slice.hasObjC { return true }
        guard !slice.hasSwift else { return false }
        return slice.sections.contains { $0.segmentName == "__TEXT" && $0.name == "__text" && $0.size > 0 }
    }
}
