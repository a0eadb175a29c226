import IOSecCore

/// `binary.no-arc`: Objective-C code compiled with manual reference counting. `_objc_release` proves nothing (manual
/// code calls it too); only the entry points ARC's code generation emits count as evidence. Binaries with Swift are
/// left out: Swift subclasses of NSObject add Objective-C metadata without any ARC entry point, so the evidence
/// cannot tell them from manual code.
enum NoARCRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.no-arc",
        title: "Objective-C code without ARC",
        severity: .medium,
        confidence: .medium,
        masvs: "MASVS-CODE-4",
        cwe: 416, owasp: OWASPReference("MASWE-0045", beta: "MASWE-0116", mastg: ["MASTG-TEST-0230"], .exact),
        rationale: """
            Manual retain/release code is where use-after-free and double-free bugs come from. Objective-C compiled \
            with ARC imports the runtime entry points only ARC's code generation emits (objc_storeStrong, \
            objc_retainAutoreleasedReturnValue, objc_autoreleaseReturnValue); a binary with Objective-C classes and \
            none of them was built with -fno-objc-arc. Swift code is always reference-counted and is not reported: \
            Swift classes in the Objective-C class list (mangled `_TtC…` names) and CocoaPods' `PodsDummy_` classes do \
            not count.
            """,
        fix: "Compile Objective-C with ARC: set CLANG_ENABLE_OBJC_ARC = YES and remove -fno-objc-arc from files.",
        fixExample: """
            // Build Settings
            CLANG_ENABLE_OBJC_ARC = YES
            // and in Build Phases › Compile Sources, no file with -fno-objc-arc
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static let arcSymbols: Set<String> = [
        "_objc_storeStrong", "_objc_retainAutoreleasedReturnValue", "_objc_autoreleaseReturnValue",
        "_objc_retainAutoreleaseReturnValue", "_objc_claimAutoreleasedReturnValue",
        "_objc_unsafeClaimAutoreleasedReturnValue", "_objc_retainBlock", "_objc_autoreleasePoolPush"
    ]

    static func check(_ binary: BinaryFile) {
        // Swift classes and CocoaPods' dummies in the class list are not Objective-C code. In a binary that mixes
        // the two, Swift's own calls into Objective-C may import ARC's entry points and hide manual code: missed, never
        // reported wrongly.
        let manual = binary.machO.slices.filter { slice in
            slice.hasObjC && !CompiledLanguages(slice).clangClasses.isEmpty
                && slice.imports.isDisjoint(with: arcSymbols)
                // Xcode 15's ARC emits register-specific retains (`_objc_retain_x19`) on arm64.
                && !slice.imports.contains { $0.hasPrefix("_objc_retain_x") || $0.hasPrefix("_objc_release_x") }
        }
        guard !manual.isEmpty else { return }
        let archs = BinaryFile.architectures(manual)
        let decided = manual.lazy.compactMap { CompiledLanguages($0).evidence }.first ?? "Objective-C classes"
        binary.report(
            description, evidence: "\(archs): Objective-C classes, no ARC runtime imports",
            message:
                "\(binary.name) (\(archs)) has Objective-C classes (\(decided)) but none of ARC's runtime imports (objc_storeStrong, objc_retainAutoreleasedReturnValue, …): compiled with manual retain/release"
        )
    }
}
