import Foundation
import KeychainAccess
import Security

enum SecretKey: String, CaseIterable {
    case accessToken = "session.access"
    case refreshToken = "session.refresh"
    case loyaltySession = "loyalty.session"
    case loyaltyMemberID = "loyalty.member"
    case databaseKey = "db.realm.key"
}

protocol SecretStoring: AnyObject {
    func string(for key: SecretKey) -> String?
    func data(for key: SecretKey) -> Data?
    func set(_ value: String?, for key: SecretKey)
    func set(_ data: Data, for key: SecretKey) throws
    func removeAll(except preserved: Set<SecretKey>)
}

/// Keychain-backed secret storage. Items never sync to iCloud and never migrate to a new device.
final class KeychainSecretStore: SecretStoring {
    private let foreground: Keychain
    private let background: Keychain

    init(service: String = "travel.voyage.app") {
        let base = Keychain(service: service).synchronizable(false)
        foreground = base.accessibility(.whenUnlockedThisDeviceOnly)
        // The database key has to be readable while the device is locked: silent pushes
        // for gate changes update traveller and trip data in the background.
        background = base.accessibility(.afterFirstUnlockThisDeviceOnly)
    }

    private func keychain(for key: SecretKey) -> Keychain {
        key == .databaseKey ? background : foreground
    }

    func string(for key: SecretKey) -> String? {
        do {
            return try keychain(for: key).getString(key.rawValue)
        } catch {
            Log.storage.failure("Keychain read \(key.rawValue)", error)
            return nil
        }
    }

    func data(for key: SecretKey) -> Data? {
        try? keychain(for: key).getData(key.rawValue)
    }

    func set(_ value: String?, for key: SecretKey) {
        do {
            if let value {
                try keychain(for: key).set(value, key: key.rawValue)
            } else {
                try keychain(for: key).remove(key.rawValue)
            }
        } catch {
            Log.storage.failure("Keychain write \(key.rawValue)", error)
        }
    }

    func set(_ data: Data, for key: SecretKey) throws {
        try keychain(for: key).set(data, key: key.rawValue)
    }

    func removeAll(except preserved: Set<SecretKey> = [.databaseKey]) {
        for key in SecretKey.allCases where !preserved.contains(key) {
            try? keychain(for: key).remove(key.rawValue)
        }
    }
}

extension KeychainSecretStore: DatabaseKeyProviding {
    static let databaseKeyLength = 64

    func encryptionKey() throws -> Data {
        if let existing = data(for: .databaseKey), existing.count == Self.databaseKeyLength {
            return existing
        }
        var bytes = [UInt8](repeating: 0, count: Self.databaseKeyLength)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        guard status == errSecSuccess else {
            throw DatabaseKeyError.randomGenerationFailed(status)
        }
        let key = Data(bytes)
        try set(key, for: .databaseKey)
        return key
    }
}
