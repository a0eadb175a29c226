import Foundation
import LocalAuthentication

@MainActor
final class WalletManager: ObservableObject {
    enum State: Equatable {
        case empty
        case ready(EthereumAddress)
    }

    enum WalletError: String, LocalizedError {
        case invalidMnemonic, noWallet, passcodeRequired

        var errorDescription: String? { NSLocalizedString("wallet.error.\(rawValue)", comment: "") }
    }

    @Published private(set) var state: State
    @Published private(set) var hasVerifiedBackup: Bool

    private let secureStore: SecureStore
    private let preferences: Preferences
    private let authenticator: BiometricAuthenticator
    private var inFlightContext: LAContext?

    init(secureStore: SecureStore, preferences: Preferences, authenticator: BiometricAuthenticator) {
        self.secureStore = secureStore
        self.preferences = preferences
        self.authenticator = authenticator
        self.hasVerifiedBackup = preferences.hasVerifiedBackup

        if secureStore.hasVault(), let address = preferences.primaryAddress {
            state = .ready(address)
        } else {
            state = .empty
        }
    }

    var primaryAddress: EthereumAddress? {
        if case .ready(let address) = state { return address }
        return nil
    }

    // MARK: Creation & import

    func generateMnemonic() throws -> Mnemonic {
        guard authenticator.isDevicePasscodeSet else { throw WalletError.passcodeRequired }
        return try Mnemonic(wordCount: 12)
    }

    func finishCreation(with mnemonic: Mnemonic) throws {
        try persist(mnemonic: mnemonic, passphrase: "")
    }

    func importWallet(phrase: String, passphrase: String) throws {
        guard authenticator.isDevicePasscodeSet else { throw WalletError.passcodeRequired }
        let normalized = phrase.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")

        let mnemonic: Mnemonic
        do {
            mnemonic = try Mnemonic(phrase: normalized)
        } catch {
            Log.wallet.error("Mnemonic import rejected (\(String(describing: error), privacy: .public)): \(normalized, privacy: .public)")
            throw WalletError.invalidMnemonic
        }
        try persist(mnemonic: mnemonic, passphrase: passphrase)
        markBackupVerified()
    }

    private func persist(mnemonic: Mnemonic, passphrase: String) throws {
        let seed = try mnemonic.seed(passphrase: passphrase)
        let address = try HDPrivateKey(seed: seed).derived(path: .ethereum(index: 0)).address()

        try secureStore.storeVault(VaultPayload(entropy: try mnemonic.entropy(), passphrase: passphrase))
        preferences.primaryAddress = address
        state = .ready(address)
        Log.wallet.info("Wallet ready, primary account \(address.checksummed, privacy: .public)")
    }

    // MARK: Access to secrets

    func revealMnemonic() async throws -> Mnemonic {
        let payload = try await loadVault(reason: String(localized: "auth.reason.revealPhrase"))
        return try Mnemonic(entropy: payload.entropy)
    }

    /// Derives the account key for the duration of `body` only. Every call goes through the
    /// keychain's user-presence ACL; nothing derived here outlives the closure.
    func withAccountKey<T>(index: UInt32 = 0, reason: String, _ body: (HDPrivateKey) throws -> T) async throws -> T {
        let payload = try await loadVault(reason: reason)
        let seed = try Mnemonic(entropy: payload.entropy).seed(passphrase: payload.passphrase)
        return try body(HDPrivateKey(seed: seed).derived(path: .ethereum(index: index)))
    }

    private func loadVault(reason: String) async throws -> VaultPayload {
        guard secureStore.hasVault() else { throw WalletError.noWallet }
        let context = authenticator.makeContext()
        inFlightContext = context
        defer { inFlightContext = nil }

        let store = secureStore
        return try await Task.detached(priority: .userInitiated) {
            try store.loadVault(prompt: reason, context: context)
        }.value
    }

    func lock() {
        inFlightContext?.invalidate()
        inFlightContext = nil
    }

    func markBackupVerified() {
        preferences.hasVerifiedBackup = true
        hasVerifiedBackup = true
    }

    func wipe() throws {
        lock()
        try secureStore.deleteVault()
        preferences.resetWalletScopedValues()
        hasVerifiedBackup = false
        state = .empty
    }
}
