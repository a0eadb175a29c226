import Foundation

/// Plaintext model of the vault. Values of these types exist only in memory while the
/// vault is unlocked; on disk and in iCloud all of it is sealed with AES-GCM (VaultCrypto).
struct VaultEntry: Identifiable, Codable, Hashable {
    static let maxPasswordHistory = 10

    var id = UUID()
    var title: String
    var username = ""
    var password = ""
    var urls: [String] = []
    var notes = ""
    /// Base32 secret or a full `otpauth://` URI, as the user entered it.
    var totpSecret: String?
    var passwordHistory: [PasswordHistoryItem] = []
    var isFavorite = false
    var createdAt = Date()
    var updatedAt = Date()

    /// Replaces the password and keeps the previous one in the history.
    mutating func setPassword(_ newPassword: String, at date: Date = .now) {
        guard newPassword != password else { return }
        if !password.isEmpty {
            passwordHistory.insert(PasswordHistoryItem(password: password, retiredAt: date), at: 0)
            passwordHistory = Array(passwordHistory.prefix(Self.maxPasswordHistory))
        }
        password = newPassword
        updatedAt = date
    }

    /// Hosts used to match AutoFill requests: lowercased, without "www.".
    var domains: [String] {
        urls.compactMap { raw in
            let candidate = raw.contains("://") ? raw : "https://" + raw
            guard let host = URL(string: candidate)?.host()?.lowercased() else { return nil }
            return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
    }
}

extension VaultEntry: CustomStringConvertible, CustomDebugStringConvertible {
    var description: String {
        "VaultEntry(id: \(id.uuidString), password: \(password.redacted), totp: \(totpSecret == nil ? "none" : "set"), history: \(passwordHistory.count))"
    }

    var debugDescription: String { description }
}

struct PasswordHistoryItem: Codable, Hashable, CustomStringConvertible {
    var password: String
    var retiredAt: Date

    var description: String { "PasswordHistoryItem(password: \(password.redacted), retiredAt: \(retiredAt))" }
}

extension String {
    /// What gets printed instead of a secret.
    var redacted: String { isEmpty ? "<empty>" : "<redacted>" }
}

struct Vault: Codable, Equatable {
    static let formatVersion = 2

    var version = Vault.formatVersion
    var entries: [VaultEntry] = []
    var modifiedAt = Date.distantPast

    static var empty: Vault { Vault() }
}

struct KDFParameters: Codable, Equatable, Sendable {
    var algorithm = "pbkdf2-hmac-sha256"
    var rounds: Int
    var salt: Data
}

/// header.json, stored next to the sealed vault. Nothing secret: the KDF salt and
/// rounds, and the random vault key sealed under the key derived from the master password.
struct VaultHeader: Codable, Equatable, Sendable {
    static let currentVersion = 2

    var version = VaultHeader.currentVersion
    var vaultID: UUID
    var kdf: KDFParameters
    var wrappedVaultKey: Data

    /// Associated data for the snapshot envelope, binding it to this vault.
    var snapshotContext: Data { Data("lockbox.snapshot.v2|\(vaultID.uuidString)".utf8) }
}

extension JSONEncoder {
    static var vault: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

extension JSONDecoder {
    static var vault: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension UUID {
    var data: Data { withUnsafeBytes(of: uuid) { Data($0) } }
}
