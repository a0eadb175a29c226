import Foundation
import CryptoKit

enum StatementVaultError: Error {
    case sealingFailed
    case corrupted
}

/// Keeps downloaded PDF statements encrypted at rest on top of iOS Data Protection.
/// A random 256-bit master key lives in the Keychain; each statement gets its own
/// HKDF-derived key so a single leaked file key does not expose the others.
final class StatementVault {
    private static let hkdfSalt = Data("northwind-statement-salt-v1".utf8)
    private static let hkdfInfo = Data("northwind-statement-v1".utf8)

    private let keychain: KeychainStore
    private let fileManager: FileManager

    init(keychain: KeychainStore, fileManager: FileManager = .default) {
        self.keychain = keychain
        self.fileManager = fileManager
    }

    func store(_ pdf: Data, statementId: String) throws -> URL {
        let key = try fileKey(for: statementId)
        let sealed = try AES.GCM.seal(pdf, using: key, nonce: AES.GCM.Nonce(), authenticating: Data(statementId.utf8))
        guard let combined = sealed.combined else { throw StatementVaultError.sealingFailed }

        let url = try directory().appendingPathComponent(Self.fileName(for: statementId))
        try combined.write(to: url, options: [.atomic, .completeFileProtection])
        return url
    }

    func load(statementId: String) throws -> Data? {
        let url = try directory().appendingPathComponent(Self.fileName(for: statementId))
        guard fileManager.fileExists(atPath: url.path) else { return nil }
        let combined = try Data(contentsOf: url)
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            return try AES.GCM.open(box, using: try fileKey(for: statementId), authenticating: Data(statementId.utf8))
        } catch {
            try? fileManager.removeItem(at: url)
            throw StatementVaultError.corrupted
        }
    }

    func removeAll() throws {
        let folder = try directory()
        if fileManager.fileExists(atPath: folder.path) {
            try fileManager.removeItem(at: folder)
        }
        try keychain.remove(.statementMasterKey)
    }

    // MARK: - Keys

    private func masterKey() throws -> SymmetricKey {
        if let existing = try keychain.data(for: .statementMasterKey) {
            return SymmetricKey(data: existing)
        }
        let key = SymmetricKey(size: .bits256)
        try keychain.set(key.withUnsafeBytes { Data($0) }, for: .statementMasterKey)
        return key
    }

    private func fileKey(for statementId: String) throws -> SymmetricKey {
        var info = Self.hkdfInfo
        info.append(contentsOf: Array(statementId.utf8))
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: try masterKey(),
            salt: Self.hkdfSalt,
            info: info,
            outputByteCount: 32
        )
    }

    // MARK: - Files

    private func directory() throws -> URL {
        let support = try fileManager.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        var folder = support.appendingPathComponent("Statements", isDirectory: true)
        if !fileManager.fileExists(atPath: folder.path) {
            try fileManager.createDirectory(
                at: folder,
                withIntermediateDirectories: true,
                attributes: [.protectionKey: FileProtectionType.complete]
            )
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            try folder.setResourceValues(values)
        }
        return folder
    }

    private static func fileName(for statementId: String) -> String {
        let digest = SHA256.hash(data: Data(statementId.utf8))
        return digest.map { String(format: "%02x", $0) }.joined() + ".sealed"
    }
}
