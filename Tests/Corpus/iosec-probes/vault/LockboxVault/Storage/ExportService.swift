import Foundation
import CryptoKit

/// Builds `.lbxbackup` files for the share sheet: the vault sealed with the vault key,
/// preceded by the vault header (salt, rounds, wrapped key), so a backup restores anywhere
/// with just the master password. Files go to a private temp folder and are deleted as
/// soon as the share sheet closes.
struct ExportService {
    static let backupMagic = Data("LBXB".utf8)
    static let backupVersion: UInt8 = 2

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Exports", isDirectory: true)

    /// "LBXB" | version | header length (UInt32 BE) | header JSON | ciphertext | tag
    func makeEncryptedBackup(vault: Vault, header: VaultHeader, vaultKey: SymmetricKey) throws -> URL {
        let headerData = try JSONEncoder.vault.encode(header)
        var payload = try JSONEncoder.vault.encode(vault)
        defer { payload.resetBytes(in: payload.indices) }

        // Restore recomputes the nonce from the vault ID in the header, so it isn't stored.
        let nonce = try AES.GCM.Nonce(data: header.vaultID.data.prefix(12))
        let sealed = try AES.GCM.seal(payload, using: vaultKey, nonce: nonce, authenticating: headerData)

        var file = Self.backupMagic
        file.append(Self.backupVersion)
        file.append(contentsOf: withUnsafeBytes(of: UInt32(headerData.count).bigEndian) { Array($0) })
        file.append(headerData)
        file.append(sealed.ciphertext)
        file.append(sealed.tag)

        let url = try makeURL(named: "Lockbox-\(Self.timestamp()).lbxbackup")
        try file.write(to: url, options: [.atomic, .completeFileProtection])
        Log.export.info("Encrypted backup written: \(vault.entries.count) entries, \(file.count) bytes")
        return url
    }

    func discard(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            Log.export.failure("Remove export file", error)
        }
    }

    /// Called at launch in case the app died while a share sheet was open.
    func purgeStaleExports() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func makeURL(named name: String) throws -> URL {
        try FileManager.default.createDirectory(
            at: directory,
            withIntermediateDirectories: true,
            attributes: [.protectionKey: FileProtectionType.complete]
        )
        return directory.appendingPathComponent(name)
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
