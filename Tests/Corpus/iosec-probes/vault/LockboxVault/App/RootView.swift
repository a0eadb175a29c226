import SwiftUI

struct RootView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var session: VaultSession

    var body: some View {
        switch session.state {
        case .noVault:
            UnlockView(model: environment.makeUnlockViewModel(mode: .create))
        case .locked:
            UnlockView(model: environment.makeUnlockViewModel(mode: .unlock))
        case .unlocked:
            TabView {
                VaultListView().tabItem { Label("Vault", systemImage: "lock.rectangle.stack") }
                GeneratorView().tabItem { Label("Generator", systemImage: "dice") }
                SettingsView().tabItem { Label("Settings", systemImage: "gearshape") }
            }
        }
    }
}

struct VaultListView: View {
    @EnvironmentObject private var session: VaultSession
    @State private var searchText = ""
    @State private var editing: VaultEntry?

    private var visibleEntries: [VaultEntry] {
        let query = searchText.trimmingCharacters(in: .whitespaces).lowercased()
        return session.vault.entries
            .filter { query.isEmpty || $0.title.lowercased().contains(query) || $0.domains.contains { $0.contains(query) } }
            .sorted { ($0.isFavorite ? 0 : 1, $0.title.lowercased()) < ($1.isFavorite ? 0 : 1, $1.title.lowercased()) }
    }

    var body: some View {
        NavigationStack {
            List {
                ForEach(visibleEntries) { entry in
                    NavigationLink(value: entry.id) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(entry.title).font(.headline)
                            Text(entry.username).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                }
                .onDelete { offsets in
                    for id in offsets.map({ visibleEntries[$0].id }) {
                        do { try session.delete(entryID: id) } catch { Log.ui.failure("Delete entry", error) }
                    }
                }
            }
            .searchable(text: $searchText)
            .navigationTitle("Vault")
            .navigationDestination(for: UUID.self) { EntryDetailView(entryID: $0) }
            .toolbar {
                Button { session.lock(reason: .user) } label: { Image(systemName: "lock") }
                Button { editing = VaultEntry(title: "") } label: { Image(systemName: "plus") }
            }
            .sheet(item: $editing) { EntryEditorView(entry: $0) }
        }
    }
}

struct EntryDetailView: View {
    let entryID: UUID

    @EnvironmentObject private var session: VaultSession
    @EnvironmentObject private var environment: AppEnvironment
    @State private var revealPassword = false
    @State private var editing: VaultEntry?

    var body: some View {
        if let entry = session.vault.entries.first(where: { $0.id == entryID }) {
            Form {
                Section {
                    LabeledContent("Username", value: entry.username)
                        .contextMenu { Button("Copy") { environment.clipboard.copy(entry.username) } }
                    HStack {
                        Text(revealPassword ? entry.password : String(repeating: "•", count: 12))
                            .font(.body.monospaced())
                            .privacySensitive()
                        Spacer()
                        Button { revealPassword.toggle() } label: { Image(systemName: revealPassword ? "eye.slash" : "eye") }
                        Button { environment.clipboard.copySensitive(entry.password) } label: { Image(systemName: "doc.on.doc") }
                    }
                    .buttonStyle(.borderless)
                }
                if let secret = entry.totpSecret, let configuration = try? OTPAuthURI.configuration(from: secret) {
                    Section("One-Time Code") {
                        TimelineView(.periodic(from: .now, by: 1)) { context in
                            let code = TOTPGenerator().code(for: configuration, at: context.date)
                            HStack {
                                Text(code).font(.title2.monospacedDigit())
                                Spacer()
                                Text(L10n.Entries.expiresIn(TOTPGenerator().secondsRemaining(for: configuration, at: context.date)))
                                    .foregroundStyle(.secondary)
                                Button { environment.clipboard.copySensitive(code) } label: { Image(systemName: "doc.on.doc") }
                                    .buttonStyle(.borderless)
                            }
                        }
                    }
                }
                Section {
                    ForEach(entry.urls, id: \.self) { Text($0) }
                    if !entry.notes.isEmpty { Text(entry.notes).privacySensitive() }
                    if !entry.passwordHistory.isEmpty {
                        Text(L10n.Entries.historyCount(entry.passwordHistory.count)).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle(entry.title)
            .toolbar { Button("Edit") { editing = entry } }
            .sheet(item: $editing) { EntryEditorView(entry: $0) }
            .onDisappear { revealPassword = false }
        }
    }
}

struct EntryEditorView: View {
    @EnvironmentObject private var session: VaultSession
    @EnvironmentObject private var settings: SettingsStore
    @Environment(\.dismiss) private var dismiss

    @State private var draft: VaultEntry
    @State private var password: String
    @State private var urlText: String
    @State private var errorMessage: String?

    init(entry: VaultEntry) {
        _draft = State(initialValue: entry)
        _password = State(initialValue: entry.password)
        _urlText = State(initialValue: entry.urls.joined(separator: "\n"))
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("Title", text: $draft.title)
                TextField("Username", text: $draft.username)
                    .textContentType(.username)
                    .textInputAutocapitalization(.never)
                HStack {
                    SecureField("Password", text: $password)
                    Button("Generate") {
                        password = (try? PasswordGenerator().generate(with: settings.generatorOptions)) ?? password
                    }
                    .buttonStyle(.borderless)
                }
                TextField("Websites", text: $urlText, axis: .vertical)
                    .keyboardType(.URL)
                    .textInputAutocapitalization(.never)
                SecureField("One-time code secret", text: Binding(
                    get: { draft.totpSecret ?? "" },
                    set: { draft.totpSecret = $0.isEmpty ? nil : $0 }
                ))
                TextField("Notes", text: $draft.notes, axis: .vertical)
                Toggle("Favorite", isOn: $draft.isFavorite)
                if let errorMessage {
                    Text(errorMessage).foregroundStyle(.red)
                }
            }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save", action: save).disabled(draft.title.isEmpty)
                }
            }
        }
    }

    private func save() {
        if let secret = draft.totpSecret, (try? OTPAuthURI.configuration(from: secret)) == nil {
            errorMessage = L10n.Entries.invalidTOTP
            return
        }
        draft.urls = urlText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        draft.setPassword(password)
        draft.updatedAt = .now
        do {
            try session.save(draft)
            dismiss()
        } catch {
            Log.ui.failure("Save entry", error)
            errorMessage = L10n.Common.unexpectedError
        }
    }
}
