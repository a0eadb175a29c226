import Foundation

struct JournalEntry: Codable {
    var heading: String
    var body: String
    var written: Date
}

final class JournalStore {
    static let shared = JournalStore()

    private(set) var entries: [JournalEntry]
    private let storageKey = "journal.entries"

    private init() {
        let saved = UserDefaults.standard.data(forKey: storageKey)
        entries = saved.flatMap { try? JSONDecoder().decode([JournalEntry].self, from: $0) } ?? []
    }

    func append(_ entry: JournalEntry) {
        entries.insert(entry, at: 0)
        if let encoded = try? JSONEncoder().encode(entries) {
            UserDefaults.standard.set(encoded, forKey: storageKey)
        }
    }

    /// Imports an .html file another app handed over.
    func importPage(at fileURL: URL) {
        guard let markup = try? String(contentsOf: fileURL, encoding: .utf8) else { return }
        append(JournalEntry(heading: fileURL.deletingPathExtension().lastPathComponent, body: markup, written: Date()))
    }
}
