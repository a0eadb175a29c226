import BackgroundTasks
import Foundation
import Security

struct BackupArchive: Codable {
    let createdAt: Date
    let deviceId: String
    let identity: IdentityKeyStore.BackupMaterial
    let conversations: [Conversation]
}

/// Encrypted server-side backup of the identity keys and conversation list, sealed under a
/// recovery key the user writes down. The key is kept locally so the nightly
/// background task can refresh the backup without prompting.
@MainActor
final class KeyBackupService {
    static let refreshTaskIdentifier = "com.parley.backup.refresh"
    private static let recoveryKeyAccount = "backup.recovery-key.v1"
    private static let minimumInterval: TimeInterval = 24 * 60 * 60

    private let api: APIClient
    private let identity: IdentityKeyStore
    private let messages: MessageStore
    private let keychain: Keychain
    private let defaults: UserDefaults

    init(api: APIClient, identity: IdentityKeyStore, messages: MessageStore,
         keychain: Keychain = .local, defaults: UserDefaults = .standard) {
        self.api = api
        self.identity = identity
        self.messages = messages
        self.keychain = keychain
        self.defaults = defaults
    }

    var hasRecoveryKey: Bool {
        (try? storedRecoveryKey()) != nil
    }

    func createRecoveryKey() throws -> RecoveryKey {
        let key = try RecoveryKey.generate()
        try persist(key)
        defaults.set(false, forKey: "hasCompletedKeyBackup")
        Log.info("backup.recovery_key.created")
        return key
    }

    func storedRecoveryKey() throws -> RecoveryKey? {
        try keychain.data(account: Self.recoveryKeyAccount).map(RecoveryKey.init(bytes:))
    }

    private func persist(_ key: RecoveryKey) throws {
        try keychain.set(key.bytes, account: Self.recoveryKeyAccount, accessibility: kSecAttrAccessibleAfterFirstUnlock)
    }

    func performBackup() async throws {
        guard let key = try storedRecoveryKey() else { throw BackupError.noRecoveryKey }
        let sealed = try BackupCrypto.seal(try makeArchive(), with: key)
        try await api.uploadBackup(sealed)
        defaults.set(true, forKey: "hasCompletedKeyBackup")
        defaults.set(Date(), forKey: "lastBackupAt")
        Log.info("backup.uploaded bytes=\(sealed.count)")
    }

    func restore(using key: RecoveryKey) async throws {
        let blob = try await api.downloadBackup()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let archive = try decoder.decode(BackupArchive.self, from: BackupCrypto.open(blob, with: key))
        try identity.restore(archive.identity)
        try messages.importConversations(archive.conversations)
        try persist(key)
        defaults.set(true, forKey: "hasCompletedKeyBackup")
        Log.info("backup.restored conversations=\(archive.conversations.count)")
    }

    private func makeArchive() throws -> Data {
        let archive = BackupArchive(createdAt: Date(),
                                    deviceId: DeviceInfo.deviceId,
                                    identity: try identity.exportMaterial(),
                                    conversations: try messages.conversations())
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(archive)
    }

    // MARK: - Background refresh

    func scheduleBackgroundRefresh() {
        guard hasRecoveryKey else { return }
        let request = BGProcessingTaskRequest(identifier: Self.refreshTaskIdentifier)
        request.requiresNetworkConnectivity = true
        let last = defaults.object(forKey: "lastBackupAt") as? Date ?? .distantPast
        request.earliestBeginDate = max(Date(), last.addingTimeInterval(Self.minimumInterval))
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            Log.error("backup.schedule.failed error=\(error.localizedDescription)")
        }
    }

    func handleBackgroundRefresh(_ task: BGProcessingTask) {
        scheduleBackgroundRefresh()
        let work = Task {
            do {
                try await performBackup()
                task.setTaskCompleted(success: true)
            } catch {
                Log.error("backup.background.failed error=\(error.localizedDescription)")
                task.setTaskCompleted(success: false)
            }
        }
        task.expirationHandler = { work.cancel() }
    }
}
