import IOSecCore

/// `storage.file-protection-weak` in Objective-C: `NSFileProtectionNone` and `NSDataWritingFileProtectionNone`.
enum FileProtectionWeakObjCMatcher: ObjCRule {
    static var description: RuleDescription { FileProtectionWeakRule.description }

    static func check(_ source: ObjCSource, in file: ArtifactFile) {
        for (index, token) in source.tokens.enumerated() where token.kind == .identifier {
            let name = source.text(index)
            guard name == "NSFileProtectionNone" || name == "NSDataWritingFileProtectionNone" else { continue }
            // Comparing an attribute with it (`== NSFileProtectionNone`) reads, it does not set.
            if source.isPunct(index - 1, "==") || source.isPunct(index - 1, "!=") || source.isPunct(index + 1, "==") { continue }
            report(file, source, at: index, "'\(name)' leaves the file readable while the device is locked; use NSFileProtectionComplete")
        }
    }
}
