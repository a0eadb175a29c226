import SwiftUI

/// UserDefaults keys for preferences. Views bind the same strings through
/// `@AppStorage`; nothing stored under these keys is sensitive.
enum PreferenceKey {
    static let playbackSpeed = "playbackSpeed"
    static let sleepTimerMinutes = "sleepTimerMinutes"
    static let downloadOverCellular = "downloadOverCellular"
    static let autoDeleteAfterDays = "autoDeleteAfterDays"
    static let analyticsEnabled = "analyticsEnabled"

    static func registerDefaults() {
        UserDefaults.standard.register(defaults: [
            playbackSpeed: 1.0,
            sleepTimerMinutes: 0,
            downloadOverCellular: false,
            autoDeleteAfterDays: 30,
            analyticsEnabled: true
        ])
    }
}

struct SettingsView: View {
    @EnvironmentObject private var env: AppEnvironment
    @EnvironmentObject private var session: SessionStore
    @EnvironmentObject private var subscriptions: SubscriptionStore

    @AppStorage("playbackSpeed") private var playbackSpeed = 1.0
    @AppStorage("sleepTimerMinutes") private var sleepTimerMinutes = 0
    @AppStorage("downloadOverCellular") private var downloadOverCellular = false
    @AppStorage(PreferenceKey.autoDeleteAfterDays) private var autoDeleteAfterDays = 30
    @AppStorage(PreferenceKey.analyticsEnabled) private var analyticsEnabled = true

    @State private var showingManageSubscription = false

    var body: some View {
        NavigationStack {
            Form {
                Section("Account") {
                    if let account = session.account {
                        LabeledContent(L10n.signedInAs(account.displayName ?? "Listener"), value: account.plan.rawValue.capitalized)
                    }
                    if !subscriptions.hasPremium {
                        ForEach(subscriptions.products, id: \.id) { product in
                            Button("\(product.displayName) – \(product.displayPrice)") {
                                Task { await subscriptions.purchase(product) }
                            }
                            .disabled(subscriptions.isPurchasing)
                        }
                    }
                    Button(L10n.manageSubscription) { showingManageSubscription = true }
                    Button("Restore Purchases") { Task { await subscriptions.restorePurchases() } }
                    Button("Sign Out", role: .destructive) {
                        if env.player.isPlaying { env.player.togglePlayPause() }
                        session.signOut()
                        Task { await env.analytics.resetIdentity() }
                    }
                }

                Section("Playback") {
                    Stepper(L10n.playbackSpeed(playbackSpeed), value: $playbackSpeed, in: 0.5...3.0, step: 0.1)
                    Picker("Sleep timer", selection: $sleepTimerMinutes) {
                        Text("Off").tag(0)
                        ForEach([15, 30, 45, 60], id: \.self) { Text(L10n.sleepTimer($0)).tag($0) }
                    }
                }

                Section("Downloads") {
                    Toggle("Download over cellular", isOn: $downloadOverCellular)
                    Picker("Remove unplayed downloads", selection: $autoDeleteAfterDays) {
                        Text("Never").tag(0)
                        Text("After 7 days").tag(7)
                        Text("After 30 days").tag(30)
                    }
                }

                Section {
                    Toggle("Share anonymous usage data", isOn: $analyticsEnabled)
                } footer: {
                    Text("Helps shows find their audience. No names or email addresses are sent. Version \(Bundle.main.shortVersion) (\(Bundle.main.buildNumber))")
                }
            }
            .navigationTitle(L10n.settingsTitle)
            .sheet(isPresented: $showingManageSubscription) { ManageSubscriptionView() }
            .task { await subscriptions.loadProducts() }
            .onChange(of: analyticsEnabled) { _, enabled in
                if !enabled { Task { await env.analytics.resetIdentity() } }
            }
        }
    }
}
