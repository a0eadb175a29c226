/// Which build configurations the project's schemes archive: the ones a build uploaded to TestFlight or the App
/// Store can be made with. Read from the `.xcscheme` files in the scan (shared schemes, and personal ones when they
/// are committed).
///
/// A project no scheme names is built as a dependency of the schemes that are there (a subproject, the Pods
/// project), with the configuration they archive. Without any scheme, nothing is known, and rules fall back to
/// configuration names.
struct ArchivedConfigurations {
    enum Status: Equatable {
        /// No scheme in the scan: nothing says which configuration is archived.
        case unknown
        case notArchived
        /// Archived by these schemes; `alongside` are the other configurations archived in the same scope.
        case archived(schemes: [String], alongside: [String])
    }

    /// Project path (`apps/ios/iOS.xcodeproj`) → configuration → schemes that archive it.
    private var byProject: [String: [String: [String]]] = [:]
    /// Configuration → schemes, over every project.
    private var anywhere: [String: [String]] = [:]

    init(_ project: ProjectContext) {
        for fact in project.facts(FactKind.archiveConfiguration) {
            let fields = FactKind.fields(fact.value, count: 3)
            let (path, configuration, scheme) = (fields[0], fields[1], fields[2])
            Self.add(scheme, to: &byProject[path, default: [:]][configuration, default: []])
            Self.add(scheme, to: &anywhere[configuration, default: []])
        }
    }

    /// Whether `configuration` is archived, for a setting in this project (`App.xcodeproj`), or, for an
    /// xcconfig (`project` nil), in any project.
    func status(of configuration: String, project: String?) -> Status {
        let scope = project.flatMap { byProject[$0] } ?? anywhere
        guard !scope.isEmpty else { return .unknown }
        guard let schemes = scope[configuration] else { return .notArchived }
        return .archived(
            schemes: schemes.sorted(), alongside: scope.keys.filter { $0 != configuration }.sorted())
    }

    private static func add(_ scheme: String, to list: inout [String]) {
        if !list.contains(scheme) { list.append(scheme) }
    }
}
