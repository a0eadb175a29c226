import IOSecCore

/// Records the App IDs an apple-app-site-association file in the repository lists, per service, so project rules
/// can hold them against the App ID the release build signs with. A file that does not parse records nothing
/// (`platform.aasa-invalid` reports it).
enum AssociationFileCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.associationFile]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let source = AssociationFileSource.of(file)
        guard let parsed = source.report.file else { return [] }
        let keys = Dictionary(source.map.members(at: "").map { ($0.key, $0.position) }) { first, _ in first }
        func record(_ service: String, _ ids: [AppID]) {
            let position = keys[service] ?? source.map.nearestPosition(of: "")
            // The service itself, so a list that names none of the app's IDs (or is empty) is still known.
            file.record(
                kind: FactKind.associationFileService, value: service, line: position.line, column: position.column)
            for id in ids {
                let at = source.position(of: id)
                file.record(
                    kind: FactKind.associationFileApp, value: FactKind.join(service, id.description), line: at.line,
                    column: at.column)
            }
        }
        if let list = parsed.webcredentials { record(Service.webcredentials, list.apps) }
        if let links = parsed.applinks, !links.details.isEmpty {
            record(Service.applinks, links.details.flatMap(\.appIDs))
        }
        return []
    }

    /// The services whose App IDs are recorded, as the file and the entitlement spell them.
    enum Service {
        static let webcredentials = "webcredentials"
        static let applinks = "applinks"
    }
}
