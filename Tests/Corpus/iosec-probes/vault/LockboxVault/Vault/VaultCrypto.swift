import Foundation
import CryptoKit

enum VaultCryptoError: Error {
    case unsupportedEnvelope(UInt8)
    case truncated
}

/// AES-256-GCM envelope used for everything the vault writes:
///
///     0x02 | nonce (12) | ciphertext | tag (16)
///
/// Nonces are fresh random 96-bit values. Every envelope authenticates a caller-supplied
/// context as associated data, so blobs can't be swapped between entries or vaults.
enum VaultCrypto {
    static let envelopeVersion: UInt8 = 0x02

    static func makeVaultKey() -> SymmetricKey {
        SymmetricKey(size: .bits256)
    }

    static func seal(_ plaintext: Data, using key: SymmetricKey, context: Data) throws -> Data {
        let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(), authenticating: context)
        guard let combined = box.combined else { throw VaultCryptoError.truncated }
        return Data([envelopeVersion]) + combined
    }

    static func open(_ envelope: Data, using key: SymmetricKey, context: Data) throws -> Data {
        guard envelope.count >= 1 + 12 + 16 else { throw VaultCryptoError.truncated }
        let version = envelope[envelope.startIndex]
        guard version == envelopeVersion else { throw VaultCryptoError.unsupportedEnvelope(version) }
        let box = try AES.GCM.SealedBox(combined: envelope.dropFirst())
        return try AES.GCM.open(box, using: key, authenticating: context)
    }

    static func sealJSON<T: Encodable>(_ value: T, using key: SymmetricKey, context: Data) throws -> Data {
        var plaintext = try JSONEncoder.vault.encode(value)
        defer { plaintext.resetBytes(in: plaintext.indices) }
        return try seal(plaintext, using: key, context: context)
    }

    static func openJSON<T: Decodable>(_ envelope: Data, as type: T.Type = T.self, using key: SymmetricKey, context: Data) throws -> T {
        var plaintext = try open(envelope, using: key, context: context)
        defer { plaintext.resetBytes(in: plaintext.indices) }
        return try JSONDecoder.vault.decode(T.self, from: plaintext)
    }

    /// Seals the random vault key under the key derived from the master password.
    static func wrap(vaultKey: SymmetricKey, with masterKey: SymmetricKey, vaultID: UUID) throws -> Data {
        var raw = vaultKey.withUnsafeBytes { Data($0) }
        defer { raw.resetBytes(in: raw.indices) }
        return try seal(raw, using: masterKey, context: Data("lockbox.keywrap.v2|\(vaultID.uuidString)".utf8))
    }

    static func unwrap(_ wrapped: Data, with masterKey: SymmetricKey, vaultID: UUID) throws -> SymmetricKey {
        var raw = try open(wrapped, using: masterKey, context: Data("lockbox.keywrap.v2|\(vaultID.uuidString)".utf8))
        defer { raw.resetBytes(in: raw.indices) }
        return SymmetricKey(data: raw)
    }

    /// Separate sub-key for rows in the SQLite cache, so the snapshot and the rows are
    /// never sealed under the same key.
    static func entryKey(from vaultKey: SymmetricKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: vaultKey, info: Data("lockbox.entries.v2".utf8), outputByteCount: 32)
    }
}
