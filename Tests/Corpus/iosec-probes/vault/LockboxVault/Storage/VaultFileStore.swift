import Foundation

/// The encrypted vault on disk, in the app group container so the AutoFill extension can
/// read it. Nothing here is readable without the master password or the biometric key.
///
///     Library/Vault/header.json    – KDF salt and rounds, vault key sealed under the master key
///     Library/Vault/vault.sealed   – AES-GCM snapshot of the whole vault
///     Library/Vault/entries.sqlite – per-entry cache (EntryStore)
struct VaultFileStore: Sendable {
    static let headerFileName = "header.json"
    static let snapshotFileName = "vault.sealed"

    let directory: URL

    var headerURL: URL { directory.appendingPathComponent(Self.headerFileName) }
    var snapshotURL: URL { directory.appendingPathComponent(Self.snapshotFileName) }
    var hasVault: Bool { FileManager.default.fileExists(atPath: headerURL.path) }

    func prepareDirectory() throws {
        try FileManager.default.createDirectory(
            at: directory,
            withIntermediateDirectories: true,
            attributes: [.protectionKey: FileProtectionType.complete]
        )
    }

    func readHeader() throws -> VaultHeader {
        try JSONDecoder.vault.decode(VaultHeader.self, from: Data(contentsOf: headerURL))
    }

    func writeHeader(_ header: VaultHeader) throws {
        try prepareDirectory()
        try JSONEncoder.vault.encode(header).write(to: headerURL, options: [.atomic, .completeFileProtection])
    }

    func readSnapshot() throws -> Data {
        try Data(contentsOf: snapshotURL)
    }

    func writeSnapshot(_ sealed: Data) throws {
        try prepareDirectory()
        try sealed.write(to: snapshotURL, options: [.atomic, .completeFileProtection])
        Log.storage.debug("Wrote sealed snapshot (\(sealed.count) bytes)")
    }
}
