import Foundation

/// Decrypted attachments. Only the foreground app reads these, so unlike the database
/// they get `.complete` protection and are excluded from device backups.
final class AttachmentStore: @unchecked Sendable {
    enum Failure: Error { case invalidIdentifier }

    private let directory: URL

    init(fileManager: FileManager = .default) throws {
        let support = try fileManager.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                          appropriateFor: nil, create: true)
        var directory = support.appending(path: "Attachments", directoryHint: .isDirectory)
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true,
                                        attributes: [.protectionKey: FileProtectionType.complete])
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try directory.setResourceValues(values)
        self.directory = directory
    }

    /// Ids come out of decrypted payloads; only UUIDs are accepted so nothing escapes the directory.
    func url(for id: String) throws -> URL {
        guard let uuid = UUID(uuidString: id) else { throw Failure.invalidIdentifier }
        return directory.appending(path: uuid.uuidString.lowercased())
    }

    @discardableResult
    func save(_ data: Data, id: String) throws -> URL {
        let destination = try url(for: id)
        try data.write(to: destination, options: [.atomic, .completeFileProtection])
        return destination
    }

    func load(id: String) throws -> Data {
        try Data(contentsOf: url(for: id), options: .mappedIfSafe)
    }

    func delete(id: String) {
        guard let target = try? url(for: id) else { return }
        try? FileManager.default.removeItem(at: target)
    }

    func store(_ ciphertext: Data, pointer: AttachmentPointer) throws -> URL {
        let plaintext = try MessageCipher.decryptAttachment(ciphertext, pointer: pointer)
        Log.info("attachment.stored id=\(pointer.id) bytes=\(plaintext.count)", category: .storage)
        return try save(plaintext, id: pointer.id)
    }
}
