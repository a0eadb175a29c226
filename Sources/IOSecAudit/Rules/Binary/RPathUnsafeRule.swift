import IOSecCore

/// `binary.rpath-unsafe`: an `LC_RPATH` that makes dyld look for `@rpath` libraries in an absolute folder outside
/// the system (a build machine's folder, `/tmp`, `/var/mobile`) or relative to the working directory.
enum RPathUnsafeRule: BinaryRule {
    static let description = RuleDescription(
        id: "binary.rpath-unsafe",
        title: "Run-path search path outside the app and the system",
        severity: .medium,
        confidence: .high,
        masvs: "MASVS-CODE-4",
        cwe: 426, owasp: OWASPReference("MASWE-0049", beta: "MASWE-0085", mastg: [], .close),
        outsideChecklist: "run-path search paths have no item of their own",
        rationale: """
            dyld resolves @rpath/… libraries by trying each LC_RPATH folder in order. A folder outside the app \
            bundle and the system (an absolute path on the build machine, /tmp, a writable container folder, or a \
            path relative to the current directory) lets whoever can write there supply a library the app loads.
            """,
        fix:
            "Keep only @executable_path/Frameworks, @loader_path/Frameworks and /usr/lib/swift in LD_RUNPATH_SEARCH_PATHS.",
        fixExample: """
            // Build Settings
            LD_RUNPATH_SEARCH_PATHS = $(inherited) @executable_path/Frameworks @loader_path/Frameworks
            """,
        triggeringExamples: [], nonTriggeringExamples: [])

    static func check(_ binary: BinaryFile) {
        var reported: Set<String> = []
        for slice in binary.machO.slices {
            for rpath in slice.rpaths where isUnsafe(rpath) && reported.insert(rpath).inserted {
                binary.report(
                    description, evidence: "\(slice.architecture.name): LC_RPATH \(rpath)",
                    message: "\(binary.name) searches \(rpath) for @rpath libraries: "
                        + (rpath.hasPrefix("/")
                            ? "a folder outside the app and the system" : "a path relative to the working directory"))
            }
        }
    }

    static func isUnsafe(_ rpath: String) -> Bool {
        if rpath.hasPrefix("@executable_path") || rpath.hasPrefix("@loader_path") { return rpath.contains("/../../..") }
        if rpath.hasPrefix("/") {
            return !InjectedLibraryRule.systemPrefixes.contains { rpath.hasPrefix($0) } && rpath != "/usr/lib/swift"
        }
        return true
    }
}
