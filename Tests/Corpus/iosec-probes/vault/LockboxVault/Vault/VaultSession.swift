import Foundation
import AuthenticationServices
import CryptoKit
import LocalAuthentication

enum VaultSessionError: LocalizedError {
    case noVault, vaultExists, locked, wrongPassword, weakKDFParameters, biometricsNotEnrolled

    var errorDescription: String? {
        switch self {
        case .wrongPassword: return L10n.Unlock.wrongPassword
        case .weakKDFParameters: return L10n.Errors.weakKDF
        case .biometricsNotEnrolled: return L10n.Errors.biometricsNotEnrolled
        case .noVault, .vaultExists, .locked: return L10n.Common.unexpectedError
        }
    }
}

/// Owns the unlocked state. The vault key and the decrypted vault exist only here,
/// in memory, between a successful unlock and `lock(reason:)`.
@MainActor
final class VaultSession: ObservableObject {
    enum State: Equatable { case noVault, locked, unlocked }
    enum LockReason: String { case user, timeout, background, deviceLocked }

    @Published private(set) var state: State
    @Published private(set) var vault = Vault.empty
    @Published private(set) var isBiometricUnlockEnrolled: Bool

    private var vaultKey: SymmetricKey?
    private var header: VaultHeader?

    private let fileStore: VaultFileStore
    private let entryStore: EntryStore
    private let enclave: SecureEnclaveKeyWrapper
    private let cloudSync: CloudSyncService
    private let autofillBridge: AutofillBridge
    private let settings: SettingsStore

    init(fileStore: VaultFileStore, entryStore: EntryStore, keychain: KeychainStore, settings: SettingsStore) {
        let enclave = SecureEnclaveKeyWrapper(keychain: keychain)
        self.fileStore = fileStore
        self.entryStore = entryStore
        self.enclave = enclave
        self.cloudSync = CloudSyncService(fileStore: fileStore)
        self.autofillBridge = AutofillBridge(defaults: SharedContainer.defaults)
        self.settings = settings
        self.state = fileStore.hasVault ? .locked : .noVault
        self.isBiometricUnlockEnrolled = enclave.isEnrolled
    }

    // MARK: - Create & unlock

    func createVault(masterPassword: String) async throws {
        guard !fileStore.hasVault else { throw VaultSessionError.vaultExists }
        let salt = try KeyDerivation.makeSalt()
        let masterKey = try await Self.deriveMasterKey(masterPassword, salt: salt, rounds: KeyDerivation.defaultRounds)

        let newVaultKey = VaultCrypto.makeVaultKey()
        let vaultID = UUID()
        let header = VaultHeader(
            vaultID: vaultID,
            kdf: KDFParameters(rounds: KeyDerivation.defaultRounds, salt: salt),
            wrappedVaultKey: try VaultCrypto.wrap(vaultKey: newVaultKey, with: masterKey, vaultID: vaultID)
        )
        let empty = Vault(modifiedAt: .now)
        try fileStore.writeHeader(header)
        try fileStore.writeSnapshot(VaultCrypto.sealJSON(empty, using: newVaultKey, context: header.snapshotContext))
        try entryStore.replaceAll([], using: newVaultKey)

        Log.vault.info("Created vault \(vaultID.uuidString, privacy: .public)")
        didUnlock(vaultKey: newVaultKey, header: header, vault: empty)
    }

    func unlock(masterPassword: String) async throws {
        guard fileStore.hasVault else { throw VaultSessionError.noVault }
        let header = try fileStore.readHeader()

        // header.json travels through iCloud; a modified copy must not downgrade the KDF.
        guard header.kdf.rounds >= KeyDerivation.minimumAcceptedRounds,
              header.kdf.salt.count >= KeyDerivation.minimumSaltLength else {
            Log.vault.error("Refusing vault header with weak KDF parameters (rounds: \(header.kdf.rounds))")
            throw VaultSessionError.weakKDFParameters
        }

        let masterKey = try await Self.deriveMasterKey(masterPassword, salt: header.kdf.salt, rounds: header.kdf.rounds)
        let key: SymmetricKey
        do {
            key = try VaultCrypto.unwrap(header.wrappedVaultKey, with: masterKey, vaultID: header.vaultID)
        } catch {
            throw VaultSessionError.wrongPassword
        }
        didUnlock(vaultKey: key, header: header, vault: try loadVault(using: key, header: header))
    }

    /// `context` has already passed `evaluatePolicy`; it authorises the Keychain read and
    /// the Secure Enclave decryption that actually produce the vault key.
    func unlockWithBiometrics(context: LAContext) throws {
        guard enclave.isEnrolled else { throw VaultSessionError.biometricsNotEnrolled }
        let header = try fileStore.readHeader()
        let key = try enclave.unwrapVaultKey(context: context)
        didUnlock(vaultKey: key, header: header, vault: try loadVault(using: key, header: header))
    }

    func lock(reason: LockReason) {
        guard state == .unlocked else { return }
        vaultKey = nil
        header = nil
        vault = .empty
        autofillBridge.revokeSession()
        state = .locked
        Log.vault.info("Vault locked: \(reason.rawValue, privacy: .public)")
    }

    func enableBiometricUnlock() throws {
        guard let vaultKey else { throw VaultSessionError.locked }
        try enclave.enroll(vaultKey: vaultKey)
        isBiometricUnlockEnrolled = true
    }

    func disableBiometricUnlock() {
        enclave.removeEnrollment()
        isBiometricUnlockEnrolled = false
    }

    // MARK: - Entries

    func save(_ entry: VaultEntry) throws {
        var updated = vault
        if let index = updated.entries.firstIndex(where: { $0.id == entry.id }) {
            updated.entries[index] = entry
        } else {
            updated.entries.append(entry)
        }
        try commit(updated) { try entryStore.upsert([entry], using: $0) }
        Log.vault.info("Saved entry \(entry.id.uuidString, privacy: .public); \(updated.entries.count) entries")
    }

    func delete(entryID: UUID) throws {
        var updated = vault
        updated.entries.removeAll { $0.id == entryID }
        try commit(updated) { _ in try entryStore.delete(id: entryID) }
        Log.vault.info("Deleted entry \(entryID.uuidString, privacy: .public)")
    }

    /// Adds imported entries; returns how many were added.
    @discardableResult
    func importEntries(_ incoming: [VaultEntry]) throws -> Int {
        let existing = Set(vault.entries.map { "\($0.username.lowercased())|\($0.domains.first ?? $0.title)" })
        let fresh = incoming.filter { !existing.contains("\($0.username.lowercased())|\($0.domains.first ?? $0.title)") }
        guard !fresh.isEmpty else { return 0 }
        var updated = vault
        updated.entries.append(contentsOf: fresh)
        try commit(updated) { try entryStore.upsert(fresh, using: $0) }
        Log.vault.info("Imported \(fresh.count) of \(incoming.count) entries")
        return fresh.count
    }

    func exportBackup(using exporter: ExportService) throws -> URL {
        guard let vaultKey, let header else { throw VaultSessionError.locked }
        return try exporter.makeEncryptedBackup(vault: vault, header: header, vaultKey: vaultKey)
    }

    // MARK: - iCloud

    /// Whole-vault last-writer-wins. Both sides are ciphertext until opened here.
    func syncWithCloud() async {
        guard settings.iCloudSyncEnabled, let vaultKey, let header else { return }
        do {
            guard let remote = try await cloudSync.fetchRemote(), remote.header.vaultID == header.vaultID else {
                return await cloudSync.pushInBackground()
            }
            let remoteVault: Vault = try VaultCrypto.openJSON(remote.sealedVault, using: vaultKey, context: header.snapshotContext)
            guard remoteVault.modifiedAt > vault.modifiedAt else {
                return await cloudSync.pushInBackground()
            }
            try entryStore.replaceAll(remoteVault.entries, using: vaultKey)
            try fileStore.writeSnapshot(remote.sealedVault)
            vault = remoteVault
            refreshCredentialIdentities()
            Log.sync.info("Took newer iCloud snapshot with \(remoteVault.entries.count) entries")
        } catch {
            Log.sync.failure("iCloud sync", error)
        }
    }

    // MARK: - Private

    private func didUnlock(vaultKey: SymmetricKey, header: VaultHeader, vault: Vault) {
        self.vaultKey = vaultKey
        self.header = header
        self.vault = vault
        state = .unlocked
        autofillBridge.publishUnlockedSession(vaultKey: vaultKey, validFor: TimeInterval(settings.autoLockSeconds))
        refreshCredentialIdentities()
        Log.vault.info("Vault unlocked with \(vault.entries.count) entries")
    }

    private func loadVault(using key: SymmetricKey, header: VaultHeader) throws -> Vault {
        let snapshot: Vault = try VaultCrypto.openJSON(fileStore.readSnapshot(), using: key, context: header.snapshotContext)
        let cached = try entryStore.loadAll(using: key)
        guard cached.count != snapshot.entries.count else {
            return Vault(entries: cached, modifiedAt: snapshot.modifiedAt)
        }
        // Restored device or a snapshot that came in from iCloud: rebuild the row cache.
        try entryStore.replaceAll(snapshot.entries, using: key)
        Log.storage.notice("Rebuilt entry cache from snapshot (\(snapshot.entries.count) entries)")
        return snapshot
    }

    private func commit(_ updated: Vault, rows: (SymmetricKey) throws -> Void) throws {
        guard let vaultKey, let header else { throw VaultSessionError.locked }
        var updated = updated
        updated.modifiedAt = .now
        try rows(vaultKey)
        try fileStore.writeSnapshot(VaultCrypto.sealJSON(updated, using: vaultKey, context: header.snapshotContext))
        vault = updated
        autofillBridge.markVaultChanged()
        refreshCredentialIdentities()
        if settings.iCloudSyncEnabled {
            Task { await cloudSync.pushInBackground() }
        }
    }

    /// Publishes domain + username pairs for the QuickType bar. Passwords never go to the identity store.
    private func refreshCredentialIdentities() {
        let identities = vault.entries.flatMap { entry in
            entry.domains.map { domain in
                ASPasswordCredentialIdentity(
                    serviceIdentifier: ASCredentialServiceIdentifier(identifier: domain, type: .domain),
                    user: entry.username,
                    recordIdentifier: entry.id.uuidString
                )
            }
        }
        ASCredentialIdentityStore.shared.replaceCredentialIdentities(with: identities) { _, error in
            if let error { Log.autofill.failure("Replace credential identities", error) }
        }
    }

    private nonisolated static func deriveMasterKey(_ password: String, salt: Data, rounds: Int) async throws -> SymmetricKey {
        try await Task.detached(priority: .userInitiated) {
            try measure("PBKDF2", logger: Log.crypto) {
                try KeyDerivation.deriveKey(password: password, salt: salt, rounds: rounds)
            }
        }.value
    }
}
