import SwiftUI

@main
struct NotebookApp: App {
    @StateObject private var repository = NotesRepository()

    var body: some Scene {
        WindowGroup {
            NotesListView()
                .environmentObject(repository)
                .onOpenURL { incoming in adoptSharedPage(at: incoming) }
        }
    }

    /// Another app shared an .html file with us: keep it as a note.
    private func adoptSharedPage(at fileURL: URL) {
        guard fileURL.pathExtension.lowercased() == "html",
              let markup = try? String(contentsOf: fileURL, encoding: .utf8) else { return }
        repository.add(title: fileURL.deletingPathExtension().lastPathComponent, html: markup)
    }
}

struct NotesListView: View {
    @EnvironmentObject var repository: NotesRepository

    var body: some View {
        NavigationStack {
            List(repository.notes) { note in
                NavigationLink(note.title) { NoteScreen(note: note) }
            }
            .navigationTitle("Notebook")
        }
    }
}
