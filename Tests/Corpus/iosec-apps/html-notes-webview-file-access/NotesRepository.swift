import Foundation

struct NotebookPage: Codable, Identifiable {
    var id = UUID()
    var title: String
    var html: String
}

struct SavedLogin: Codable {
    var site: String
    var username: String
    var password: String
}

final class NotesRepository: ObservableObject {
    @Published var notes: [NotebookPage] = [] {
        didSet { save() }
    }

    private let notesKey = "notes.v2"

    init() {
        if let blob = UserDefaults.standard.data(forKey: notesKey),
           let stored = try? JSONDecoder().decode([NotebookPage].self, from: blob) {
            notes = stored
        }
    }

    func add(title: String, html: String) {
        notes.insert(NotebookPage(title: title, html: html), at: 0)
    }

    private func save() {
        guard let blob = try? JSONEncoder().encode(notes) else { return }
        UserDefaults.standard.set(blob, forKey: notesKey)
    }

    /// "Keep my logins with my notes": a tab-separated sheet in Documents, visible in the Files app.
    func exportLogins(_ logins: [SavedLogin]) throws {
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        let rows = logins.map { "\($0.site)\t\($0.username)\t\($0.password)" }
        let credentialSheet = (["site\tuser\tpassword"] + rows).joined(separator: "\n")
        try credentialSheet.write(to: folder.appendingPathComponent("logins.tsv"), atomically: true, encoding: .utf8)
    }
}
