import IOSecCore

/// Records from an entitlements file: that it exists, its associated domains (each at its line), and
/// `get-task-allow`.
enum EntitlementsCollector: ArtifactFactCollector {
    static let fileKinds: Set<FileKind> = [.entitlements]

    static func collect(_ file: ArtifactFile) -> [Diagnostic] {
        guard let document = CollectorSupport.propertyList(file) else { return [] }
        let entitlements = Entitlements.read(document.root).entitlements
        file.record(kind: FactKind.entitlementsFile, value: "", line: 1)
        if let root = document.root.dictionary {
            for entry in root.entries {
                file.record(
                    kind: FactKind.entitlement, value: FactKind.join(entry.key, rendered(entry.value)),
                    line: entry.keyLine ?? 1)
            }
        }
        if let line = entitlements.line(of: Entitlements.Key.associatedDomains) {
            file.record(
                kind: FactKind.associatedDomainsKey, value: "", line: line, column: file.indentColumn(ofLine: line))
        }
        for domain in entitlements.associatedDomains {
            let line = domain.line ?? 1
            file.record(
                kind: FactKind.associatedDomain, value: domain.value.raw, line: line,
                column: file.indentColumn(ofLine: line))
        }
        if let allowed = entitlements.getTaskAllow {
            let line = entitlements.line(of: Entitlements.Key.getTaskAllow) ?? 1
            file.record(
                kind: FactKind.getTaskAllow, value: allowed ? "true" : "false", line: line,
                column: file.indentColumn(ofLine: line))
        }
        return []
    }

    /// An entitlement's value in one line: `true`, `production`, `a, b`, `{…}`.
    static func rendered(_ value: PropertyListValue) -> String {
        if let flag = value.bool { return flag ? "true" : "false" }
        if let text = value.string { return text }
        if let array = value.array { return array.values.map { rendered($0) }.joined(separator: ", ") }
        if value.dictionary != nil { return "{…}" }
        return "…"
    }
}
