import SwiftUI
import UniformTypeIdentifiers

struct SettingsView: View {
    @EnvironmentObject private var settings: SettingsStore
    @EnvironmentObject private var session: VaultSession
    @EnvironmentObject private var environment: AppEnvironment

    @State private var sharedFile: SharedFile?
    @State private var importingLegacy = false
    @State private var showImporter = false
    @State private var legacyURL: URL?
    @State private var showPasswordPrompt = false
    @State private var legacyPassword = ""
    @State private var statusMessage: String?

    private struct SharedFile: Identifiable {
        let url: URL
        var id: URL { url }
    }

    var body: some View {
        NavigationStack {
            Form {
                Section("Security") {
                    if SecureEnclaveKeyWrapper.isAvailable {
                        Toggle("Unlock with Face ID", isOn: Binding(
                            get: { session.isBiometricUnlockEnrolled },
                            set: setBiometricUnlock
                        ))
                    }
                    Picker("Auto-Lock", selection: $settings.autoLockSeconds) {
                        ForEach(SettingsStore.autoLockChoices, id: \.self) { Text(Self.durationLabel($0)).tag($0) }
                    }
                    Picker("Clear Clipboard", selection: $settings.clipboardClearSeconds) {
                        ForEach(SettingsStore.clipboardChoices, id: \.self) { Text(Self.durationLabel($0)).tag($0) }
                    }
                    Toggle("Show Password Strength", isOn: $settings.showPasswordStrength)
                    Toggle("iCloud Sync", isOn: $settings.iCloudSyncEnabled)
                        .disabled(!CloudSyncService.isAccountAvailable)
                }

                Section("Backup & Import") {
                    LabeledContent("Last Backup",
                                   value: settings.lastBackupDate?.formatted(.relative(presentation: .named)) ?? L10n.Settings.never)
                    Button("Export Encrypted Backup", action: exportBackup)
                    Button("Import from CSV") { importingLegacy = false; showImporter = true }
                    Button("Import Lockbox 1.x Backup") { importingLegacy = true; showImporter = true }
                }

                Section {
                    Button("Lock Now", role: .destructive) { session.lock(reason: .user) }
                }
            }
            .navigationTitle("Settings")
            .onChange(of: settings.iCloudSyncEnabled) { _, enabled in
                if enabled { Task { await session.syncWithCloud() } }
            }
            .fileImporter(isPresented: $showImporter, allowedContentTypes: importingLegacy ? [.data] : [.commaSeparatedText]) { result in
                guard case .success(let url) = result else { return }
                if importingLegacy {
                    legacyURL = url
                    showPasswordPrompt = true
                } else {
                    runImport { try CSVImporter().importFile(at: url) }
                }
            }
            .alert("Backup Password", isPresented: $showPasswordPrompt) {
                SecureField("Master password", text: $legacyPassword)
                Button("Cancel", role: .cancel) { legacyPassword = "" }
                Button("OK", action: importLegacyBackup)
            }
            .alert(statusMessage ?? "", isPresented: Binding(get: { statusMessage != nil }, set: { _ in statusMessage = nil })) {
                Button("OK") {}
            }
            .sheet(item: $sharedFile) { file in
                ActivityView(url: file.url) {
                    environment.exporter.discard(file.url)
                    sharedFile = nil
                }
            }
        }
    }

    private func setBiometricUnlock(_ enabled: Bool) {
        do {
            if enabled {
                try session.enableBiometricUnlock()
            } else {
                session.disableBiometricUnlock()
            }
            settings.biometricUnlockEnabled = enabled
        } catch {
            Log.ui.failure("Enable biometric unlock", error)
            statusMessage = L10n.Common.unexpectedError
        }
    }

    private func exportBackup() {
        do {
            sharedFile = SharedFile(url: try session.exportBackup(using: environment.exporter))
            settings.lastBackupDate = .now
        } catch {
            Log.export.failure("Backup export", error)
            statusMessage = L10n.Common.unexpectedError
        }
    }

    private func importLegacyBackup() {
        guard let url = legacyURL else { return }
        let password = legacyPassword
        legacyPassword = ""
        legacyURL = nil
        Task {
            let outcome = await Task.detached(priority: .userInitiated) {
                Result { try LegacyImporter().importBackup(at: url, password: password) }
            }.value
            runImport { try outcome.get() }
        }
    }

    private func runImport(_ load: () throws -> ImportResult) {
        do {
            let result = try load()
            let added = try session.importEntries(result.entries)
            statusMessage = L10n.Settings.importResult(imported: added, skipped: result.skipped + result.entries.count - added)
        } catch {
            Log.importer.failure("Import", error)
            statusMessage = L10n.Settings.importFailed
        }
    }

    private static func durationLabel(_ seconds: Int) -> String {
        switch seconds {
        case 0: return L10n.Settings.immediately
        case ..<60: return L10n.Settings.seconds(seconds)
        default: return L10n.Settings.minutes(seconds / 60)
        }
    }
}

/// Share sheet that reports its dismissal, so export files can be deleted straight away.
private struct ActivityView: UIViewControllerRepresentable {
    let url: URL
    let onDismiss: () -> Void

    func makeUIViewController(context: Context) -> UIActivityViewController {
        let controller = UIActivityViewController(activityItems: [url], applicationActivities: nil)
        controller.completionWithItemsHandler = { _, _, _, _ in onDismiss() }
        return controller
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}
