import Foundation
import KeychainAccess
import LocalAuthentication

struct VaultPayload: Codable {
    let entropy: Data
    let passphrase: String
}

/// Keychain-backed secret storage. The vault item never leaves this device, is only readable
/// while the device is unlocked, and every read requires user presence (biometry or passcode).
final class SecureStore: @unchecked Sendable {
    enum StoreError: Error {
        case vaultMissing
        case corruptVault
    }

    private enum Key {
        static let vault = "vault.v2"
        static let installationID = "installation.id"
    }

    private let keychain: Keychain

    init(service: String = "app.cairnwallet.ios.vault") {
        keychain = Keychain(service: service).synchronizable(false)
    }

    private func vaultKeychain(prompt: String? = nil, context: LAContext? = nil) -> Keychain {
        var vault = keychain.accessibility(.whenUnlockedThisDeviceOnly, authenticationPolicy: .userPresence)
        if let prompt {
            vault = vault.authenticationPrompt(prompt)
        }
        if let context {
            vault = vault.authenticationContext(context)
        }
        return vault
    }

    func storeVault(_ payload: VaultPayload) throws {
        let encoded = try JSONEncoder().encode(payload)
        try? keychain.remove(Key.vault)
        try vaultKeychain().set(encoded, key: Key.vault)
    }

    /// Blocks while the system authentication sheet is up; never call on the main thread.
    func loadVault(prompt: String, context: LAContext) throws -> VaultPayload {
        guard let data = try vaultKeychain(prompt: prompt, context: context).getData(Key.vault) else {
            throw StoreError.vaultMissing
        }
        guard let payload = try? JSONDecoder().decode(VaultPayload.self, from: data) else {
            throw StoreError.corruptVault
        }
        return payload
    }

    func hasVault() -> Bool {
        (try? keychain.contains(Key.vault, withoutAuthenticationUI: true)) ?? false
    }

    func deleteVault() throws {
        try keychain.remove(Key.vault)
    }

    /// Random, non-secret identifier used to de-duplicate push registrations across reinstalls.
    func installationID() -> String {
        if let existing = try? keychain.get(Key.installationID) {
            return existing
        }
        let fresh = UUID().uuidString
        try? keychain.accessibility(.afterFirstUnlockThisDeviceOnly).set(fresh, key: Key.installationID)
        return fresh
    }
}
