import SwiftUI

enum Theme: String, CaseIterable, Identifiable {
    case system, light, dark

    var id: Self { self }

    var colorScheme: ColorScheme? {
        switch self {
        case .system: return nil
        case .light: return .light
        case .dark: return .dark
        }
    }
}

struct SettingsView: View {
    @EnvironmentObject private var session: SessionManager
    @AppStorage("preferredTheme") private var preferredTheme = Theme.system
    @State private var biometricUnlockEnabled = Preferences.shared.biometricUnlockEnabled
    @State private var securityMessage: String?

    private let authenticator = BiometricAuthenticator()

    var body: some View {
        Form {
            if let biometryName = authenticator.biometryName {
                Section {
                    Toggle("Unlock with \(biometryName)", isOn: $biometricUnlockEnabled)
                        .onChange(of: biometricUnlockEnabled) { enabled in
                            Task { await applyBiometricUnlock(enabled) }
                        }
                } header: {
                    Text("Security")
                } footer: {
                    Text(securityMessage ?? String(localized: "Your device passcode also works if \(biometryName) fails."))
                }
            }

            Section("Appearance") {
                Picker("Theme", selection: $preferredTheme) {
                    ForEach(Theme.allCases) { theme in
                        Text(theme.rawValue.capitalized).tag(theme)
                    }
                }
            }

            Section("Support") {
                ShareLink("Send diagnostics to support", item: FileLogger.logURL)
                NavigationLink("Acknowledgements") {
                    LicensesView()
                        .navigationTitle("Acknowledgements")
                }
            }

            Section {
                Button("Sign out", role: .destructive) {
                    session.signOut()
                }
            }
        }
        .navigationTitle("Settings")
    }

    private func applyBiometricUnlock(_ enabled: Bool) async {
        // Reverting the toggle after a failure lands here again; nothing to do then.
        guard enabled != Preferences.shared.biometricUnlockEnabled else { return }
        let context = authenticator.makeContext(reason: String(localized: "Turn off quick unlock"))
        do {
            try await session.setBiometricUnlock(enabled, context: context)
            securityMessage = nil
        } catch KeychainError.userCancelled {
            biometricUnlockEnabled = Preferences.shared.biometricUnlockEnabled
        } catch {
            biometricUnlockEnabled = Preferences.shared.biometricUnlockEnabled
            securityMessage = String(localized: "That didn't work. Try again, or sign out and back in.")
        }
    }
}
