import SwiftUI

/// Composition root: builds the object graph once and hands it to SwiftUI.
@MainActor
final class AppEnvironment: ObservableObject {
    let settings: SettingsStore
    let session: VaultSession
    let clipboard: ClipboardService
    let exporter = ExportService()
    let breachChecker = BreachChecker()

    @Published private(set) var showsPrivacyCover = false
    private var backgroundedAt: ContinuousClock.Instant?
    private var lockObserver: NSObjectProtocol?

    init(settings: SettingsStore, session: VaultSession) {
        self.settings = settings
        self.session = session
        self.clipboard = ClipboardService(settings: settings)
        lockObserver = NotificationCenter.default.addObserver(forName: .lockboxShouldLock, object: nil, queue: .main) { [weak session] _ in
            MainActor.assumeIsolated { session?.lock(reason: .deviceLocked) }
        }
        exporter.purgeStaleExports()
    }

    static func live() -> AppEnvironment {
        let settings = SettingsStore()
        let fileStore = VaultFileStore(directory: SharedContainer.vaultDirectoryURL)
        let keychain = KeychainStore(service: KeychainStore.vaultService, accessGroup: SharedContainer.keychainAccessGroup)

        let entryStore: EntryStore
        do {
            try fileStore.prepareDirectory()
            entryStore = try EntryStore(database: SQLiteDatabase(url: fileStore.directory.appendingPathComponent("entries.sqlite")))
        } catch {
            Log.storage.failure("Open entry store", error)
            fatalError("Entry store unavailable")
        }

        let session = VaultSession(fileStore: fileStore, entryStore: entryStore, keychain: keychain, settings: settings)
        return AppEnvironment(settings: settings, session: session)
    }

    func makeUnlockViewModel(mode: UnlockViewModel.Mode) -> UnlockViewModel {
        UnlockViewModel(mode: mode, session: session, settings: settings)
    }

    /// Auto-lock: immediately on background when set to 0, otherwise once the app comes
    /// back after being away longer than the configured time.
    func handleScenePhase(_ phase: ScenePhase) {
        switch phase {
        case .active:
            showsPrivacyCover = false
            if let backgroundedAt, ContinuousClock.now - backgroundedAt >= .seconds(settings.autoLockSeconds) {
                session.lock(reason: .timeout)
            }
            backgroundedAt = nil
            if session.state == .unlocked {
                Task { await session.syncWithCloud() }
            }
        case .inactive:
            showsPrivacyCover = true
        case .background:
            showsPrivacyCover = true
            if settings.autoLockSeconds == 0 {
                session.lock(reason: .background)
            } else {
                backgroundedAt = .now
            }
        @unknown default:
            break
        }
    }
}
