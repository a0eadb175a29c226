import CryptoKit
import Foundation
import Security

struct PublicIdentity: Codable, Equatable, Sendable {
    /// X25519, raw representation.
    let agreementKey: Data
    /// Ed25519, raw representation.
    let signingKey: Data

    var fingerprint: String { KeyFingerprint.display(for: agreementKey) }
}

struct SignedPrekey: Codable, Sendable {
    let id: UInt32
    let publicKey: Data
    let signature: Data
}

enum IdentityError: Error {
    case missingIdentity
    case missingPrekey(UInt32)
    case invalidPrekeySignature
}

/// Long-term identity keys. They live in the shared keychain group because the
/// notification service extension decrypts pushes while the phone is locked.
final class IdentityKeyStore: @unchecked Sendable {
    struct BackupMaterial: Codable {
        let agreement: Data
        let signing: Data
    }

    private enum Account {
        static let agreement = "identity.x25519.v1"
        static let signing = "identity.ed25519.v1"
        static let currentPrekeyId = "prekey.current"
        static func prekey(_ id: UInt32) -> String { "prekey.x25519.\(id)" }
    }

    private let keychain: Keychain

    init(keychain: Keychain = .shared) {
        self.keychain = keychain
    }

    var hasIdentity: Bool {
        (try? keychain.data(account: Account.agreement)) != nil
    }

    @discardableResult
    func createIdentity() throws -> PublicIdentity {
        let agreement = Curve25519.KeyAgreement.PrivateKey()
        let signing = Curve25519.Signing.PrivateKey()
        try store(BackupMaterial(agreement: agreement.rawRepresentation, signing: signing.rawRepresentation))
        Log.info("identity.created", category: .crypto)
        return try publicIdentity()
    }

    func agreementKey() throws -> Curve25519.KeyAgreement.PrivateKey {
        try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: read(Account.agreement))
    }

    func signingKey() throws -> Curve25519.Signing.PrivateKey {
        try Curve25519.Signing.PrivateKey(rawRepresentation: read(Account.signing))
    }

    func publicIdentity() throws -> PublicIdentity {
        PublicIdentity(agreementKey: try agreementKey().publicKey.rawRepresentation,
                       signingKey: try signingKey().publicKey.rawRepresentation)
    }

    func rotateSignedPrekey() throws -> SignedPrekey {
        let previous = (try? keychain.data(account: Account.currentPrekeyId))?
            .reduce(UInt32(0)) { ($0 << 8) | UInt32($1) } ?? 0
        let id = previous &+ 1
        let prekey = Curve25519.KeyAgreement.PrivateKey()
        let signature = try signingKey().signature(for: prekey.publicKey.rawRepresentation)
        try keychain.set(prekey.rawRepresentation, account: Account.prekey(id))
        try keychain.set(id.bigEndianBytes, account: Account.currentPrekeyId)
        // Keep one generation back so session setups already in flight still complete.
        if previous > 1 { try? keychain.remove(account: Account.prekey(previous - 1)) }
        Log.info("prekey.rotated id=\(id)", category: .crypto)
        return SignedPrekey(id: id, publicKey: prekey.publicKey.rawRepresentation, signature: signature)
    }

    func prekey(id: UInt32) throws -> Curve25519.KeyAgreement.PrivateKey {
        guard let raw = try keychain.data(account: Account.prekey(id)) else { throw IdentityError.missingPrekey(id) }
        return try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: raw)
    }

    // MARK: - Backup / restore

    func exportMaterial() throws -> BackupMaterial {
        BackupMaterial(agreement: try read(Account.agreement), signing: try read(Account.signing))
    }

    func restore(_ material: BackupMaterial) throws {
        // Validate before overwriting anything.
        _ = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: material.agreement)
        _ = try Curve25519.Signing.PrivateKey(rawRepresentation: material.signing)
        try store(material)
        Log.info("identity.restored", category: .crypto)
    }

    func wipe() throws {
        try [Account.agreement, Account.signing, Account.currentPrekeyId].forEach(keychain.remove(account:))
    }

    private func store(_ material: BackupMaterial) throws {
        try keychain.set(material.agreement, account: Account.agreement,
                         accessibility: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
        try keychain.set(material.signing, account: Account.signing,
                         accessibility: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)
    }

    private func read(_ account: String) throws -> Data {
        guard let raw = try keychain.data(account: account) else { throw IdentityError.missingIdentity }
        return raw
    }
}
