import IOSecCore

/// `storage.database-unencrypted` from Core Data models: entities whose stored attributes say password, token,
/// PIN or card number, in a project that never gives its store complete file protection. One finding per
/// model, at its first such attribute, naming them all.
struct CoreDataModelMatcher: ProjectRule {
    static var description: RuleDescription { DatabaseUnencryptedRule.description }

    static func evaluate(_ project: ProjectContext) {
        guard project.facts(FactKind.coreDataFileProtection).isEmpty else { return }
        let byModel = Dictionary(grouping: project.facts(FactKind.coreDataSensitiveAttribute), by: \.file)
        for (file, attributes) in byModel.sorted(by: { $0.key < $1.key }) {
            let sorted = attributes.sorted { $0.line < $1.line }
            guard let first = sorted.first else { continue }
            let names = sorted.map { FactKind.fields($0.value, count: 2)[0] }
            let listed = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
            project.report(description, file: file, line: first.line, column: first.column, message: """
                the Core Data model stores \(listed) in a plain SQLite file, and no store sets \
                NSPersistentStoreFileProtectionKey to .complete; keep secrets in the Keychain (or give the store \
                complete protection)
                """)
        }
    }
}
