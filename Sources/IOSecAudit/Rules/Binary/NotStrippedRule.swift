import IOSecCore

/// `binary.not-stripped`: debug symbols (`N_STAB` entries: source paths, object files, function names) left in what
/// ships. The `radr://5614542` marker `strip` itself leaves is not evidence; local symbols without debug entries are
/// only worth a note, and only for the app's own executables.
enum NotStrippedRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.not-stripped",
        title: "Binary is not stripped",
        severity: .low,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-3",
        cwe: 215, owasp: OWASPReference("MASWE-0061", beta: "MASWE-0093", mastg: ["MASTG-TEST-0219"], .exact),
        outsideChecklist: "symbol stripping has no item of its own",
        rationale: """
            Debug symbols name every function, source file and build path (often the developer's user name), which \
            makes reverse engineering much easier and tells an attacker where the interesting code is. Release \
            builds should be stripped; Xcode does this for archives with Strip Linked Product.
            """,
        fix: "Strip release builds: DEPLOYMENT_POSTPROCESSING = YES, STRIP_INSTALLED_PRODUCT = YES, and keep the dSYM.",
        fixExample: """
            // Build Settings, Release configuration
            DEBUG_INFORMATION_FORMAT = dwarf-with-dsym   // symbols go to the dSYM, not the app
            DEPLOYMENT_POSTPROCESSING = YES
            STRIP_INSTALLED_PRODUCT = YES
            STRIP_STYLE = all                            // non-global for frameworks
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        let debug = binary.machO.slices.filter(\.hasDebugSymbols)
        if let first = debug.first {
            let archs = BinaryFile.architectures(debug)
            let names = Array(first.stabSymbols.prefix(3))
            binary.report(
                description, evidence: "\(archs): \(first.stabSymbolCount) debug (N_STAB) symbols",
                message: "\(binary.name) (\(archs)) still has \(first.stabSymbolCount) debug symbols"
                    + (names.isEmpty ? "" : " (\(BinaryFile.list(names)))") + ": strip release builds")
            return
        }
        guard binary.role == .appExecutable || binary.role == .extensionExecutable else { return }
        let local = binary.machO.slices.filter { $0.localSymbolCount > 0 }
        guard let first = local.first else { return }
        let archs = BinaryFile.architectures(local)
        binary.report(
            description, evidence: "\(archs): \(first.localSymbolCount) local symbols",
            message:
                "\(binary.name) (\(archs)) keeps \(first.localSymbolCount) local symbols (no debug entries): consider STRIP_STYLE = all",
            severity: .info)
    }
}
