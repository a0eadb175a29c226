import IOSecCore

/// Records a privacy manifest's accessed-API declarations: each category with its reason codes, at the line of
/// its reasons (where a wrong code is fixed), and the manifest itself at `NSPrivacyAccessedAPITypes` (where a
/// missing category is added). Validity of keys and codes is `privacy.manifest-invalid`'s business.
enum PrivacyManifestCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.privacyManifest]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let document = CollectorSupport.propertyList(file), let root = document.root.dictionary else { return [] }
        let accessed = root.entry("NSPrivacyAccessedAPITypes")
        let manifestLine = accessed?.keyLine ?? document.rootLine ?? 1
        file.record(
            kind: FactKind.privacyManifest, value: "", line: manifestLine,
            column: file.indentColumn(ofLine: manifestLine))
        for element in accessed?.value.array?.elements ?? [] {
            guard let entry = element.value.dictionary,
                let category = entry.entry("NSPrivacyAccessedAPIType"), let name = category.value.string
            else { continue }
            let reasons = entry.entry("NSPrivacyAccessedAPITypeReasons")
            let codes = reasons?.value.stringArray ?? []
            let line = reasons?.keyLine ?? category.keyLine ?? element.line ?? 1
            file.record(
                kind: FactKind.privacyManifestCategory, value: FactKind.join(name, codes.joined(separator: ",")),
                line: line, column: file.indentColumn(ofLine: line))
        }
        return []
    }
}
