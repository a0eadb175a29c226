import IOSecCore

/// `storage.file-protection-weak` in Objective-C: `NSFileProtectionNone` and `NSDataWritingFileProtectionNone`.
enum FileProtectionWeakObjCMatcher: ObjCRule {
    static var description: RuleDescription { FileProtectionWeakRule.description }

    static let requiredNames: Set<String>? = ["NSFileProtectionNone", "NSDataWritingFileProtectionNone"]

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        let uses =
            (source.occurrences(of: "NSFileProtectionNone").map { ($0, "NSFileProtectionNone") }
            + source.occurrences(of: "NSDataWritingFileProtectionNone").map { ($0, "NSDataWritingFileProtectionNone") })
            .sorted { $0.0 < $1.0 }
        for (index, name) in uses {
            // Comparing an attribute with it (`== NSFileProtectionNone`) reads, it does not set.
            if source.isPunct(index - 1, "==") || source.isPunct(index - 1, "!=") || source.isPunct(index + 1, "==") {
                continue
            }
            report(
                file, source, at: index,
                "'\(name)' leaves the file readable while the device is locked; use NSFileProtectionComplete")
        }
    }
}
