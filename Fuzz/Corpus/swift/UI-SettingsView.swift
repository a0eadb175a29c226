import SwiftUI

enum Theme: String, CaseIterable, Identifiable {
    case system, light, dark

    var id: Self { self }
}

struct SettingsView: View {
    @EnvironmentObject private var session: SessionManager
    @AppStorage("biometricUnlockEnabled") private var biometricUnlockEnabled = false
    @AppStorage("preferredTheme") private var preferredTheme = Theme.system
    @AppStorage("appPIN") private var appPIN = ""
    @State private var newAppPIN = ""

    var body: some View {
        Form {
            Section("Security") {
                Toggle("Unlock with Face ID", isOn: $biometricUnlockEnabled)
                SecureField(appPIN.isEmpty ? "Set an unlock PIN" : "Change unlock PIN", text: $newAppPIN)
                    .keyboardType(.numberPad)
                Button("Save PIN") {
                    appPIN = newAppPIN
                    newAppPIN = ""
                }
                .disabled(!(4...6).contains(newAppPIN.count) || !newAppPIN.allSatisfy(\.isNumber))
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
            }

            Section {
                Button("Sign out", role: .destructive) {
                    session.signOut()
                }
            }
        }
        .navigationTitle("Settings")
    }
}
