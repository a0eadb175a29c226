import SwiftUI

struct KeyBackupView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @AppStorage("hasCompletedKeyBackup") private var hasCompletedKeyBackup = false
    @State private var recoveryKey: RecoveryKey?
    @State private var confirmedWrittenDown = false
    @State private var restoreInput = ""
    @State private var working = false
    @State private var statusText: String?

    var body: some View {
        Form {
            Section { Text(Strings.tr("backup.explainer")).font(.callout) }
            if let recoveryKey {
                Section(Strings.tr("backup.recovery_key")) {
                    Text(recoveryKey.displayString)
                        .font(.body.monospaced())
                        .textSelection(.disabled)
                        .privacySensitive()
                    Toggle(Strings.tr("backup.confirm_written"), isOn: $confirmedWrittenDown)
                    Button(Strings.tr("backup.run_now")) { run("backup.status.done", "backup.error.upload") { try await $0.performBackup() } }
                        .disabled(!confirmedWrittenDown || working)
                }
            } else {
                Button(Strings.tr(hasCompletedKeyBackup ? "backup.regenerate" : "backup.create")) {
                    recoveryKey = try? environment.backup.createRecoveryKey()
                    confirmedWrittenDown = false
                }
            }
            Section(Strings.tr("backup.restore")) {
                TextField(Strings.tr("backup.restore.placeholder"), text: $restoreInput, axis: .vertical)
                    .font(.body.monospaced())
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                    .privacySensitive()
                Button(Strings.tr("backup.restore.action")) {
                    guard let key = RecoveryKey(displayString: restoreInput) else { return }
                    run("backup.status.restored", "backup.error.restore") { try await $0.restore(using: key) }
                    restoreInput = ""
                }
                .disabled(RecoveryKey(displayString: restoreInput) == nil || working)
            }
            if let statusText { Text(statusText).font(.footnote) }
        }
        .navigationTitle(Strings.tr("settings.key_backup"))
        .onDisappear { recoveryKey = nil }
    }

    private func run(_ successKey: String, _ failureKey: String,
                     _ action: @escaping (KeyBackupService) async throws -> Void) {
        working = true
        Task {
            defer { working = false }
            do {
                try await action(environment.backup)
                statusText = Strings.tr(successKey)
                recoveryKey = nil
            } catch {
                Log.error("backup.action.failed error=\(error.localizedDescription)")
                statusText = Strings.tr(failureKey)
            }
        }
    }
}
