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
        cwe: 121, owasp: OWASPReference("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0229"], .exact),
        rationale: """
            Stack canaries make a stack buffer overflow in C or Objective-C code abort the app instead of letting \
            the attacker overwrite the return address. A binary with C or Objective-C code that imports neither \
            ___stack_chk_fail nor ___stack_chk_guard was built with -fno-stack-protector. Pure Swift binaries \
            are not reported: Swift only adds canaries to functions with stack buffers, and most have none. A Swift \
            binary is judged as Swift when its only Objective-C classes are Swift classes (mangled `_TtC…` names: \
            subclasses of NSObject or UIKit) or CocoaPods' `PodsDummy_` classes; the message names the clang-compiled \
            class that decided otherwise.
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
        let languages = missing.map(CompiledLanguages.init)
        let language = languages.contains(where: { $0.hasObjCMetadata }) ? "Objective-C" : "C"
        // What decided it: the Objective-C class clang compiled, when the binary holds Swift too.
        let decided = languages.lazy.compactMap(\.evidence).first.map { " (\($0))" } ?? ""
        binary.report(
            description, evidence: "\(archs): no ___stack_chk_fail / ___stack_chk_guard import",
            message:
                "\(binary.name) (\(archs)) has \(language) code\(decided) but imports neither ___stack_chk_fail nor ___stack_chk_guard: built without stack protection"
        )
    }

    /// Whether clang-compiled code is in the slice. A Swift binary's Objective-C metadata is Swift's own when its
    /// only Objective-C classes are Swift classes (or CocoaPods' dummies): Swift guards only functions with stack
    /// buffers, so no canary import is normal there.
    static func hasCFamilyCode(_ slice: MachOSlice) -> Bool {
        let languages = CompiledLanguages(slice)
        if languages.hasSwift { return !languages.clangClasses.isEmpty }
        if slice.hasObjC { return true }
        return slice.sections.contains { $0.segmentName == "__TEXT" && $0.name == "__text" && $0.size > 0 }
    }
}
