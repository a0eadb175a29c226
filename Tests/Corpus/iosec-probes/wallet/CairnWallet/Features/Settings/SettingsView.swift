import SwiftUI

struct SettingsView: View {
    @EnvironmentObject private var environment: AppEnvironment
    @EnvironmentObject private var wallet: WalletManager
    @EnvironmentObject private var connectedSites: ConnectedSitesStore
    @State private var confirmingRemoval = false

    private var chainSelection: Binding<ChainConfig> {
        Binding(get: { environment.selectedChain }, set: { environment.selectChain($0) })
    }

    var body: some View {
        NavigationStack {
            Form {
                Section("settings.section.network") {
                    Picker("settings.network", selection: chainSelection) {
                        ForEach(ChainConfig.all) { Text($0.name).tag($0) }
                    }
                }

                Section("settings.section.security") {
                    NavigationLink("settings.recoveryPhrase") { BackupPhraseView(mode: .existingWallet) }
                }

                Section("settings.section.connectedSites") {
                    ForEach(connectedSites.origins.sorted(), id: \.self) { Text($0) }
                        .onDelete { $0.map { connectedSites.origins.sorted()[$0] }.forEach(connectedSites.disconnect) }
                }

                Section("settings.section.about") {
                    if let address = wallet.primaryAddress {
                        LabeledContent("settings.account", value: address.shortened)
                    }
                    LabeledContent("settings.version", value: "\(Bundle.main.shortVersion) (\(Bundle.main.buildNumber))")
                    Link("settings.privacyPolicy", destination: URL(string: "https://cairnwallet.app/privacy")!)
                }

                Section {
                    Button("settings.removeWallet", role: .destructive) { confirmingRemoval = true }
                }
            }
            .navigationTitle("settings.title")
            .confirmationDialog("settings.removeWallet.title", isPresented: $confirmingRemoval, titleVisibility: .visible) {
                Button("settings.removeWallet.confirm", role: .destructive) {
                    Task { await removeWallet() }
                }
            } message: {
                Text("settings.removeWallet.message")
            }
        }
    }

    private func removeWallet() async {
        guard await environment.authenticator.authenticate(reason: String(localized: "auth.reason.removeWallet")) else { return }
        let address = wallet.primaryAddress
        do {
            try wallet.wipe()
            connectedSites.disconnectAll()
            if let address { await environment.activityWebhooks.unregister(address) }
        } catch {
            Log.app.error("Wallet removal failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
