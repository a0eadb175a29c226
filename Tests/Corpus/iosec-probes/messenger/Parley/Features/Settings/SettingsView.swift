import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var appLock: AppLockController

    @AppStorage("readReceiptsEnabled") private var readReceiptsEnabled = true
    @AppStorage("typingIndicators") private var typingIndicators = true
    @AppStorage("linkPreviewsEnabled") private var linkPreviewsEnabled = true
    @AppStorage("appLockTimeout") private var appLockTimeout = 60
    @AppStorage("hasCompletedKeyBackup") private var hasCompletedKeyBackup = false
    @AppStorage("showMessagePreviews", store: AppGroup.defaults) private var showMessagePreviews = true
    @State private var confirmingSignOut = false

    var body: some View {
        Form {
            Section(Strings.tr("settings.section.privacy")) {
                Toggle(Strings.tr("settings.read_receipts"), isOn: $readReceiptsEnabled)
                Toggle(Strings.tr("settings.typing_indicators"), isOn: $typingIndicators)
                Toggle(Strings.tr("settings.link_previews"), isOn: $linkPreviewsEnabled)
                Toggle(Strings.tr("settings.notification_previews"), isOn: $showMessagePreviews)
            }
            Section(Strings.tr("settings.section.security")) {
                Toggle(Strings.tr("settings.app_lock"), isOn: appLockBinding)
                if appLock.isEnabled {
                    Picker(Strings.tr("settings.app_lock.timeout"), selection: $appLockTimeout) {
                        ForEach([0, 60, 300, 900, 3600], id: \.self) { seconds in
                            Text(seconds == 0 ? Strings.tr("settings.app_lock.immediately")
                                              : Strings.plural("settings.app_lock.minutes", count: seconds / 60))
                                .tag(seconds)
                        }
                    }
                }
                NavigationLink { KeyBackupView() } label: {
                    LabeledContent(Strings.tr("settings.key_backup"),
                                   value: Strings.tr(hasCompletedKeyBackup ? "common.on" : "common.off"))
                }
            }
            Section(Strings.tr("settings.section.device")) {
                LabeledContent(Strings.tr("settings.device_id"), value: DeviceInfo.deviceId)
                if let identity = try? environment.identity.publicIdentity() {
                    LabeledContent(Strings.tr("settings.identity_fingerprint"), value: identity.fingerprint)
                }
                LabeledContent(Strings.tr("settings.version"), value: Bundle.main.shortVersion)
            }
            .font(.footnote.monospaced())
            Section {
                Button(Strings.tr("settings.sign_out"), role: .destructive) { confirmingSignOut = true }
            }
        }
        .navigationTitle(Strings.tr("settings.title"))
        .confirmationDialog(Strings.tr("settings.sign_out.confirm"), isPresented: $confirmingSignOut,
                            titleVisibility: .visible) {
            Button(Strings.tr("settings.sign_out"), role: .destructive, action: signOut)
        }
    }

    private var appLockBinding: Binding<Bool> {
        Binding(get: { appLock.isEnabled }, set: { enabled in
            guard enabled else { return appLock.disable() }
            do {
                try appLock.enable()
            } catch {
                Log.error("applock.enable.failed error=\(error.localizedDescription)")
            }
        })
    }

    private func signOut() {
        environment.sync.suspend()
        environment.sync.resetCursor()
        environment.auth.signOut()
        appLock.disable()
        do {
            try environment.identity.wipe()
        } catch {
            Log.error("signout.identity.wipe.failed error=\(error.localizedDescription)")
        }
        Log.info("settings.signed_out device=\(DeviceInfo.deviceId)")
    }
}
