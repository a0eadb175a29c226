import IOSecCore

/// Says once per file why a configuration file could not be reviewed: a malformed or truncated property list,
/// a root that is not a dictionary, a pbxproj without objects, xcconfig lines Xcode would skip.
///
/// Privacy manifests and association files are left to their rules (`privacy.manifest-invalid`,
/// `platform.aasa-invalid`): there an unreadable file is itself the finding, since Apple rejects it.
enum ParseDiagnosticsCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.infoPlist, .entitlements, .pbxproj, .xcconfig, .interface]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let problem = problem(file) else { return [] }
        return [Diagnostic(file: file.path, message: problem)]
    }

    static func problem(_ file: ArtifactFile) -> String? {
        switch file.kind {
        case .pbxproj:
            if case .failure(let error) = CollectorSupport.xcodeProject(file) { return "not reviewed: \(error)" }
            return nil
        case .interface:
            let document = file.parsed("IOSecAudit.InterfaceDocument") { InterfaceDocument.parse($0.bytes) }
            guard let error = document.error else { return nil }
            let problem =
                document.errorIsNestingLimit
                ? "\(error.message), so the file is likely corrupt or hostile"
                : "the storyboard / XIB is not well-formed XML (\(error.message))"
            return "not reviewed past line \(error.line): \(problem); fields after that line were not checked"
        case .xcconfig:
            let problems = CollectorSupport.xcconfig(file).problems
            guard let first = problems.first else { return nil }
            let more = problems.count > 1 ? " (and \(problems.count - 1) more such lines)" : ""
            return "line \(first.line): \(first.message); Xcode ignores that line\(more)"
        default:
            switch CollectorSupport.propertyListResult(file) {
            case .failure(let error):
                return "not reviewed: \(error)"
            case .success(let document) where document.root.dictionary == nil:
                let error = PropertyListError(
                    .unexpectedRootType(expected: "dictionary", found: document.root.typeName), line: document.rootLine)
                return "not reviewed: \(error)"
            case .success:
                return nil
            }
        }
    }
}
