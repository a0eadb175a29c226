import IOSecCore

/// Records which build configuration each scheme archives, for each project it builds targets of; says once when
/// a scheme is not well-formed XML.
enum SchemeCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.scheme]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        let scheme = XcodeScheme.parse(file.bytes)
        if let configuration = scheme.archiveConfiguration, !configuration.isEmpty {
            let name = String((file.path.split(separator: "/").last ?? "").dropLast(".xcscheme".count))
            var projects: [String] = []
            for container in scheme.containers {
                guard let project = XcodeScheme.project(container, schemeFile: file.path),
                    project.hasSuffix(".xcodeproj"), !projects.contains(project)
                else { continue }
                projects.append(project)
                file.record(
                    kind: FactKind.archiveConfiguration, value: FactKind.join(project, configuration, name),
                    line: scheme.archiveLine)
            }
        }
        guard let error = scheme.error else { return [] }
        return [
            Diagnostic(
                file: file.path,
                message:
                    "not reviewed past line \(error.line): the scheme is not well-formed XML (\(error.message)); its archive configuration may be missed"
            )
        ]
    }
}
