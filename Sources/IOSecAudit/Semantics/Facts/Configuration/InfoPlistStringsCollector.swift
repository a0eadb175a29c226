import IOSecCore

/// Records the purpose strings of `InfoPlist.strings` and `InfoPlist.xcstrings`: when an Info.plist says
/// `<string>Localized</string>`, these are the sentences users read in the permission prompt.
enum InfoPlistStringsCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.infoPlistStrings]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let entries =
            file.path.hasSuffix(".xcstrings")
            ? StringsFile.catalogEntries(file.bytes) : StringsFile.entries(file.bytes)
        for entry in entries where InfoPlistCollector.isUsageDescriptionKey(entry.key) {
            file.record(
                kind: FactKind.usageDescriptionLocalized, value: FactKind.join(entry.key, entry.value),
                line: entry.line, column: 1)
        }
        return []
    }
}
