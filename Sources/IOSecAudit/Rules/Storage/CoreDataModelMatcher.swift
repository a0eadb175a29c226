import IOSecCore

/// `storage.database-unencrypted` from Core Data models: entities whose stored attributes say password, token,
/// PIN or card number, in a project that never gives its store complete file protection. One finding per
/// model, for its newest version only (older versions are kept for migration), at its first such attribute,
/// naming them all.
struct CoreDataModelMatcher: ProjectRule {
    static var description: RuleDescription { DatabaseUnencryptedRule.description }

    static func evaluate(_ project: ProjectContext) {
        guard project.facts(FactKind.coreDataFileProtection).isEmpty else { return }
        let current = Set(currentVersions(project.files(of: .coreDataModel)))
        let byModel = Dictionary(grouping: project.facts(FactKind.coreDataSensitiveAttribute), by: \.file)
        for (file, attributes) in byModel.sorted(by: { $0.key < $1.key }) where current.contains(file) {
            let sorted = attributes.sorted { $0.line < $1.line }
            guard let first = sorted.first else { continue }
            let names = sorted.map { FactKind.fields($0.value, count: 2)[0] }
            let listed =
                names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
            project.report(
                description, file: file, line: first.line, column: first.column,
                message: """
                    the Core Data model stores \(listed) in a plain SQLite file, and no store sets \
                    NSPersistentStoreFileProtectionKey to .complete; keep secrets in the Keychain (or give the store \
                    complete protection)
                    """)
        }
    }

    /// The newest version of each model: per `.xcdatamodeld` folder, the version whose name sorts last with
    /// numbers compared as numbers (`Model 10` after `Model 9`, both after `Model`). Xcode's
    /// `.xccurrentversion` usually names that one; it is not read, so scanning a single file still works.
    static func currentVersions(_ paths: [String]) -> [String] {
        let byBundle = Dictionary(grouping: paths) { path -> String in
            guard let range = path.range(of: ".xcdatamodeld/", options: .backwards) else { return path }
            return String(path[..<range.upperBound])
        }
        return byBundle.values.compactMap { versions in
            versions.max { versionKey($0).lexicographicallyPrecedes(versionKey($1)) }
        }
    }

    /// The numbers in a version's folder name, in order (`CoreData 9.xcdatamodel` → [9]; none → []).
    private static func versionKey(_ path: String) -> [Int] {
        let components = path.split(separator: "/")
        let folder = components.count >= 2 ? components[components.count - 2] : Substring(path)
        var numbers: [Int] = []
        var current = ""
        for character in folder.dropLast(".xcdatamodel".count) {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                numbers.append(Int(current) ?? 0)
                current = ""
            }
        }
        if !current.isEmpty { numbers.append(Int(current) ?? 0) }
        return numbers
    }
}
