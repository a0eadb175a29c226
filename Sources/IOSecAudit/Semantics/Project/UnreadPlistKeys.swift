/// Credential-named values of bundled property lists (from `FactKind.plistSecretKey`) that the app's own code never
/// reads: it opens the property list by name (`bundle.path(forResource: "Client", ofType: "plist")`, `@"Client"`,
/// `Client.plist`) yet no Swift, Objective-C or Interface Builder file outside tests names the key, which is how a
/// dictionary subscript, a `Decodable` property or a `CodingKeys` case reads it. A value nothing reads grants
/// nothing the app does; a list the code never opens may be read by a library, so it is left as it is.
struct UnreadPlistKeys {
    /// `file ␟ line` of each finding, and its key and property list name.
    private var entries: [String: (key: String, resource: String)] = [:]
    private var unreadKeys: Set<String> = []
    private var openedResources: Set<String> = []

    init(facts: [Fact], inputs: [FileInput]) {
        for fact in facts where fact.kind == FactKind.plistSecretKey {
            let fields = FactKind.fields(fact.value, count: 2)
            guard !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            entries[FactKind.join(fact.file, String(fact.line))] = (fields[0], fields[1])
        }
        guard !entries.isEmpty else { return }
        let resources = Set(entries.values.map(\.resource))
        let spellings = Set(resources.flatMap(Self.spellings))
        let unnamedSpellings = SourceMentions.mentionedFewer(
            than: 1, spellings, in: inputs, kinds: [.swift, .objc], wholeWords: false)
        openedResources = resources.filter { !Self.spellings($0).allSatisfy(unnamedSpellings.contains) }
        let keys = Set(entries.values.filter { openedResources.contains($0.resource) }.map(\.key))
        guard !keys.isEmpty else { return }
        unreadKeys = SourceMentions.mentionedFewer(
            than: 1, keys, in: inputs, kinds: [.swift, .objc, .interface], wholeWords: true)
    }

    /// How code names the property list `resource`: its name as a string, or its file name.
    private static func spellings(_ resource: String) -> [String] {
        ["\"\(resource)\"", "\(resource).plist"]
    }

    /// The key and property list of the finding at `file`:`line` when the app opens the list but never reads the key.
    func unreadKey(file: String, line: Int) -> (key: String, resource: String)? {
        guard let entry = entries[FactKind.join(file, String(line))], openedResources.contains(entry.resource),
            unreadKeys.contains(entry.key)
        else { return nil }
        return entry
    }
}
