import IOSecCore

/// `binary.injected-library`: a load command naming a library outside the system and the app's own bundle, the
/// mark of a tweaked or re-signed app (Cydia Substrate, Frida gadgets) or of a build that depends on a developer's
/// machine.
enum InjectedLibraryRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.injected-library",
        title: "Binary loads a library from outside the system and the app",
        severity: .high,
        confidence: .high,
        masvs: "MASVS-RESILIENCE-2",
        cwe: 829, owasp: OWASPReference("MASWE-0049", beta: "MASWE-0085", mastg: [], .close),
        outsideChecklist: "a modified binary has no item of its own",
        rationale: """
            An iOS app only loads system libraries (/usr/lib, /System/Library) and its own frameworks \
            (@rpath, @executable_path, @loader_path). A load command naming /Library/MobileSubstrate, a Frida \
            gadget or another absolute path means the binary was modified after it was built, or links against a \
            file that exists only on the build machine: either way it is not the app that was reviewed.
            """,
        fix: "Rebuild from source and compare; ship only system libraries and frameworks embedded in the app.",
        fixExample: """
            // Embed your own frameworks and load them through @rpath:
            LD_RUNPATH_SEARCH_PATHS = $(inherited) @executable_path/Frameworks
            // Link: @rpath/Acme.framework/Acme, never /Users/…/Acme.framework/Acme or /Library/MobileSubstrate/…
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static let systemPrefixes = ["/usr/lib/", "/System/Library/", "/System/iOSSupport/", "/Developer/"]
    static let tweakMarkers = ["mobilesubstrate", "substrate", "substitute", "libhooker", "frida", "cycript", "tweak"]

    static func check(_ binary: BinaryFile) {
        var reported: Set<String> = []
        for slice in binary.machO.slices {
            for dylib in slice.dylibs where isForeign(dylib.path) && reported.insert(dylib.path).inserted {
                let tweak = tweakMarkers.contains { dylib.path.lowercased().contains($0) }
                binary.report(
                    description, evidence: "\(slice.architecture.name): loads \(dylib.path)",
                    message: tweak
                        ? "\(binary.name) loads \(dylib.path), an injection framework: this binary was modified after it was built"
                        : "\(binary.name) loads \(dylib.path), outside the system and the app bundle: the binary was modified or depends on the build machine"
                )
            }
        }
    }

    static func isForeign(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }  // @rpath, @executable_path, @loader_path
        return !systemPrefixes.contains { path.hasPrefix($0) }
    }
}
