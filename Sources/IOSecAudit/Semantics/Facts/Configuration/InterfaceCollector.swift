import IOSecCore

/// Records from a storyboard or XIB the first text input with secure entry: the app takes a secret there
/// (`storage.screenshot` asks whether the app then hides its window in the app switcher).
enum InterfaceCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.interface]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let document = file.parsed("IOSecAudit.InterfaceDocument") { InterfaceDocument.parse($0.bytes) }
        if let input = document.textInputs.first(where: \.isSecure) {
            file.record(
                kind: FactKind.secretInput, value: "storyboard", line: input.line,
                column: file.indentColumn(ofLine: input.line))
        }
        return []
    }
}
