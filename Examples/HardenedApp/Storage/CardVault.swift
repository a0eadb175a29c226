import CryptoKit
import Foundation
import Security

/// Caches full card details on disk, sealed with AES-GCM under a random 256-bit key that never
/// leaves this device's Keychain.
struct CardVault {
    enum Failure: Error {
        case notFound
        case sealingFailed
    }

    private let keyService = "com.acme.wallet.cardvault"
    private let keyAccount = "aes-gcm-v1"

    private var directory: URL {
        URL.cachesDirectory.appending(path: "CardVault", directoryHint: .isDirectory)
    }

    func store(_ details: CardDetails, cardID: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plaintext = try JSONEncoder().encode(details)
        // AES.GCM draws a fresh random nonce for every seal.
        let sealed = try AES.GCM.seal(plaintext, using: try vaultKey())
        guard let combined = sealed.combined else { throw Failure.sealingFailed }
        try combined.write(to: fileURL(for: cardID), options: [.atomic, .completeFileProtection])
    }

    func details(cardID: String) throws -> CardDetails {
        guard let combined = try? Data(contentsOf: fileURL(for: cardID)) else { throw Failure.notFound }
        let box = try AES.GCM.SealedBox(combined: combined)
        let plaintext = try AES.GCM.open(box, using: try vaultKey())
        return try JSONDecoder().decode(CardDetails.self, from: plaintext)
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func fileURL(for cardID: String) -> URL {
        directory.appending(path: cardID.filter { $0.isLetter || $0.isNumber })
    }

    // MARK: - Key in the Keychain

    /// The existing key, or a new random one stored on first use.
    private func vaultKey() throws -> SymmetricKey {
        if let existing = try readKey() {
            return existing
        }
        let newKey = SymmetricKey(size: .bits256)
        let attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: keyService,
            kSecAttrAccount as String: keyAccount,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
            kSecValueData as String: newKey.withUnsafeBytes { Data($0) },
        ]
        let status = SecItemAdd(attributes as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return newKey
        case errSecDuplicateItem:
            // Another caller stored a key first; use theirs so both read the same files.
            guard let stored = try readKey() else { throw KeychainError.unexpectedData }
            return stored
        default:
            throw KeychainError(status: status)
        }
    }

    private func readKey() throws -> SymmetricKey? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: keyService,
            kSecAttrAccount as String: keyAccount,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let keyData = result as? Data, keyData.count == 32 else { throw KeychainError.unexpectedData }
            return SymmetricKey(data: keyData)
        case errSecItemNotFound:
            return nil
        default:
            throw KeychainError(status: status)
        }
    }
}
