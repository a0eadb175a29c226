import Foundation
import LoomKit
import os

/// `Application Support/Episodes/<episodeID>.audio`
///
/// Files use `completeUntilFirstUserAuthentication` so the background session
/// can finish and the player can resume while the phone is locked, and are
/// excluded from iCloud backup because they can always be re-downloaded.
struct DownloadStorage: Sendable {
    struct Entry {
        let id: String
        let lastUsed: Date
    }

    let rootDirectory: URL

    static func makeDefault() throws -> DownloadStorage {
        let support = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        var root = support.appending(path: "Episodes", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(
            at: root,
            withIntermediateDirectories: true,
            attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
        )
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try root.setResourceValues(values)
        return DownloadStorage(rootDirectory: root)
    }

    func localFileURL(for episodeID: String) -> URL? {
        guard let url = fileURL(for: episodeID), FileManager.default.fileExists(atPath: url.path()) else { return nil }
        return url
    }

    /// Must run synchronously inside `didFinishDownloadingTo`; the temporary
    /// file is deleted as soon as that delegate call returns.
    func moveIntoPlace(_ temporaryURL: URL, episodeID: String) throws {
        guard var destination = fileURL(for: episodeID) else { throw CocoaError(.fileWriteInvalidFileName) }
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: destination.path()) {
            try fileManager.removeItem(at: destination)
        }
        try fileManager.moveItem(at: temporaryURL, to: destination)
        try fileManager.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
            ofItemAtPath: destination.path()
        )
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try destination.setResourceValues(values)
    }

    /// Touches the file so auto-cleanup treats it as recently used.
    func markAccessed(episodeID: String) {
        guard let url = localFileURL(for: episodeID) else { return }
        try? FileManager.default.setAttributes([.modificationDate: Date.now], ofItemAtPath: url.path())
    }

    func remove(episodeID: String) {
        guard let url = localFileURL(for: episodeID) else { return }
        try? FileManager.default.removeItem(at: url)
    }

    func entries() -> [Entry] {
        let keys: Set<URLResourceKey> = [.contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(
            at: rootDirectory,
            includingPropertiesForKeys: Array(keys),
            options: .skipsHiddenFiles
        )) ?? []
        return urls.compactMap { url in
            guard url.pathExtension == "audio", let values = try? url.resourceValues(forKeys: keys) else { return nil }
            return Entry(id: url.deletingPathExtension().lastPathComponent, lastUsed: values.contentModificationDate ?? .distantPast)
        }
    }

    /// Deletes downloads untouched for `age`, using modification dates of files in our own container.
    func prune(olderThan age: TimeInterval, keeping: Set<String>) {
        let cutoff = Date.now.addingTimeInterval(-age)
        let stale = entries().filter { $0.lastUsed < cutoff && !keeping.contains($0.id) }
        stale.forEach { remove(episodeID: $0.id) }
        Logger.downloads.info("Pruned \(stale.count) stale download(s)")
    }

    private func fileURL(for episodeID: String) -> URL? {
        guard Identifier.isValid(episodeID) else { return nil }
        return rootDirectory.appending(path: "\(episodeID).audio", directoryHint: .notDirectory)
    }
}
