import IOSecCore

/// Records from an Info.plist the purpose strings it declares (`NS…UsageDescription`, with text and line) and
/// whether ATS pins any domain (`NSPinnedDomains`).
enum InfoPlistCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.infoPlist]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let root = CollectorSupport.rootDictionary(file) else { return [] }
        for entry in root.entries where isUsageDescriptionKey(entry.key) {
            // A non-string value is as useless to the user as an empty string.
            file.record(
                kind: FactKind.usageDescriptionDeclared, value: FactKind.join(entry.key, entry.value.string ?? ""),
                line: entry.keyLine ?? 1, column: file.indentColumn(ofLine: entry.keyLine ?? 1))
        }
        if let pinned = root["NSAppTransportSecurity"]?.dictionary?.entry("NSPinnedDomains"),
            let domains = pinned.value.dictionary, !domains.isEmpty
        {
            file.record(
                kind: FactKind.pinnedDomains, value: domains.keys.joined(separator: ","), line: pinned.keyLine ?? 1,
                column: file.indentColumn(ofLine: pinned.keyLine ?? 1))
        }
        return []
    }

    static func isUsageDescriptionKey(_ key: String) -> Bool {
        UsageDescriptions.allKeys.contains(key) || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
    }
}
