/// Core Data models with secret-named attributes (from `FactKind.coreDataSensitiveAttribute`) that no Swift or
/// Objective-C file outside tests names: neither the model (`NSPersistentContainer(name:)`, the `.momd` resource)
/// nor those attributes' entities or classes (`NSFetchRequest(entityName:)`, `Account.fetchRequest()`). A model
/// nothing loads is a leftover in the bundle; its store is never made.
struct UnusedCoreDataModels {
    /// Model version file → the names that would show it in use.
    private var names: [String: Set<String>] = [:]
    private var unnamed: Set<String> = []

    init(facts: [Fact], inputs: [FileInput]) {
        for fact in facts where fact.kind == FactKind.coreDataSensitiveAttribute {
            let fields = FactKind.fields(fact.value, count: 3)
            var modelNames: Set<String> = [String(fields[0].prefix { $0 != "." })]
            if !fields[2].isEmpty { modelNames.insert(fields[2]) }
            if let model = Self.modelName(fact.file) { modelNames.insert(model) }
            names[fact.file, default: []].formUnion(modelNames)
        }
        guard !names.isEmpty else { return }
        unnamed = SourceMentions.mentionedFewer(
            than: 1, Set(names.values.joined()), in: inputs, kinds: [.swift, .objc], wholeWords: true)
    }

    /// The model of `file` when nothing names it or its secret-holding entities.
    func unusedModel(file: String) -> String? {
        guard let modelNames = names[file], modelNames.isSubset(of: unnamed) else { return nil }
        return Self.modelName(file) ?? file
    }

    /// `Store` for `…/Store.xcdatamodeld/Store 2.xcdatamodel/contents` (or a lone `Store.xcdatamodel`).
    static func modelName(_ path: String) -> String? {
        let components = path.split(separator: "/")
        for suffix in [".xcdatamodeld", ".xcdatamodel"] {
            if let folder = components.last(where: { $0.hasSuffix(suffix) }) {
                return String(folder.dropLast(suffix.count))
            }
        }
        return nil
    }
}
