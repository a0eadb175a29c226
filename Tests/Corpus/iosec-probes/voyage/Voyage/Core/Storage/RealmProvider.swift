import Foundation
import RealmSwift

protocol DatabaseKeyProviding {
    /// 64-byte key used for Realm's AES-256 + HMAC-SHA2 encryption.
    func encryptionKey() throws -> Data
}

enum DatabaseKeyError: Error {
    case randomGenerationFailed(OSStatus)
}

/// Owns the on-disk location and configuration of the traveller database.
final class RealmProvider {
    static let schemaVersion: UInt64 = 4

    private let keyProvider: DatabaseKeyProviding
    private let fileManager: FileManager
    private var cachedConfiguration: Realm.Configuration?
    private let lock = NSLock()

    init(keyProvider: DatabaseKeyProviding, fileManager: FileManager = .default) {
        self.keyProvider = keyProvider
        self.fileManager = fileManager
    }

    func configuration() throws -> Realm.Configuration {
        lock.lock()
        defer { lock.unlock() }
        if let cachedConfiguration { return cachedConfiguration }

        let directory = try databaseDirectory()
        var configuration = Realm.Configuration(
            fileURL: directory.appendingPathComponent("travellers.realm"),
            schemaVersion: Self.schemaVersion,
            migrationBlock: Self.migrate,
            objectTypes: [TravellerObject.self, TravelDocumentObject.self]
        )
        configuration.encryptionKey = try keyProvider.encryptionKey()
        cachedConfiguration = configuration
        return configuration
    }

    @MainActor
    func realm() throws -> Realm {
        try Realm(configuration: configuration())
    }

    private func databaseDirectory() throws -> URL {
        var directory = try fileManager
            .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            .appendingPathComponent("Realm", isDirectory: true)
        if !fileManager.fileExists(atPath: directory.path) {
            try fileManager.createDirectory(
                at: directory,
                withIntermediateDirectories: true,
                attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
            )
            var values = URLResourceValues()
            values.isExcludedFromBackup = true
            try directory.setResourceValues(values)
        }
        return directory
    }

    private static func migrate(_ migration: Migration, oldSchemaVersion: UInt64) {
        if oldSchemaVersion < 4 {
            migration.enumerateObjects(ofType: TravellerObject.className()) { oldObject, newObject in
                let given = oldObject?["firstName"] as? String ?? ""
                newObject?["givenName"] = given
            }
        }
    }
}
