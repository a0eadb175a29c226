import Foundation

/// Mirrors the encrypted vault files into the app's iCloud container.
///
/// Only what is already ciphertext leaves the device: header.json (salt, rounds, wrapped
/// vault key) and vault.sealed. Deciding which snapshot wins happens after decryption,
/// in `VaultSession.syncWithCloud()`.
actor CloudSyncService {
    struct RemoteSnapshot: Sendable {
        let header: VaultHeader
        let sealedVault: Data
    }

    enum SyncError: Error {
        case iCloudUnavailable
        case coordination(Error)
    }

    private static let containerIdentifier = "iCloud.com.lockboxvault.app"
    private let fileStore: VaultFileStore

    init(fileStore: VaultFileStore) {
        self.fileStore = fileStore
    }

    static var isAccountAvailable: Bool {
        FileManager.default.ubiquityIdentityToken != nil
    }

    func pushInBackground() {
        do {
            let remote = try remoteDirectory()
            for local in [fileStore.headerURL, fileStore.snapshotURL] {
                let data = try Data(contentsOf: local)
                try coordinate(writingTo: remote.appendingPathComponent(local.lastPathComponent)) { url in
                    try data.write(to: url, options: .atomic)
                }
            }
            Log.sync.info("Pushed encrypted vault to iCloud")
        } catch {
            Log.sync.failure("iCloud push", error)
        }
    }

    func fetchRemote() throws -> RemoteSnapshot? {
        let remote = try remoteDirectory()
        let headerURL = remote.appendingPathComponent(VaultFileStore.headerFileName)
        let snapshotURL = remote.appendingPathComponent(VaultFileStore.snapshotFileName)
        try? FileManager.default.startDownloadingUbiquitousItem(at: headerURL)
        try? FileManager.default.startDownloadingUbiquitousItem(at: snapshotURL)
        guard FileManager.default.fileExists(atPath: snapshotURL.path) else { return nil }

        var coordinatorError: NSError?
        var result: Result<RemoteSnapshot, Error>?
        NSFileCoordinator(filePresenter: nil).coordinate(readingItemAt: snapshotURL, options: [], error: &coordinatorError) { url in
            result = Result {
                RemoteSnapshot(
                    header: try JSONDecoder.vault.decode(VaultHeader.self, from: Data(contentsOf: headerURL)),
                    sealedVault: try Data(contentsOf: url)
                )
            }
        }
        if let coordinatorError { throw SyncError.coordination(coordinatorError) }
        return try result?.get()
    }

    private func remoteDirectory() throws -> URL {
        guard let container = FileManager.default.url(forUbiquityContainerIdentifier: Self.containerIdentifier) else {
            throw SyncError.iCloudUnavailable
        }
        // Outside "Documents", so the files don't appear in the Files app.
        let directory = container.appendingPathComponent("Vault", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func coordinate(writingTo destination: URL, _ write: (URL) throws -> Void) throws {
        var coordinatorError: NSError?
        var writeError: Error?
        NSFileCoordinator(filePresenter: nil).coordinate(writingItemAt: destination, options: .forReplacing, error: &coordinatorError) { url in
            do { try write(url) } catch { writeError = error }
        }
        if let error = coordinatorError ?? writeError { throw SyncError.coordination(error) }
    }
}
