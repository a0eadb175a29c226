import CryptoKit
import Foundation

enum RatchetLabels {
    static let root = Data("parley-ratchet-v2".utf8)
    static let messageKeys = Data("msg-keys".utf8)
    static let messageSeed: [UInt8] = [0x01]
    static let chainAdvance: [UInt8] = [0x02]
}

struct ChainState: Codable, Equatable {
    var chainKey: Data
    var chainIndex: UInt32
}

struct MessageKeys {
    let cipherKey: SymmetricKey
    let index: UInt32
}

struct SessionState: Codable {
    struct PendingSetup: Codable, Equatable {
        let ephemeralKey: Data
        let prekeyId: UInt32
    }

    let conversationId: String
    let peerIdentity: Data
    var sending: ChainState
    var receiving: ChainState
    var skipped: [UInt32: Data] = [:]
    /// Kept on the initiating side until the peer's first reply proves they derived the session.
    var pendingSetup: PendingSetup?
}

struct PeerBundle: Decodable {
    let deviceId: String
    let identity: PublicIdentity
    let signedPrekey: SignedPrekey

    func verifiedPrekey() throws -> Curve25519.KeyAgreement.PublicKey {
        let signer = try Curve25519.Signing.PublicKey(rawRepresentation: identity.signingKey)
        guard signer.isValidSignature(signedPrekey.signature, for: signedPrekey.publicKey) else {
            throw IdentityError.invalidPrekeySignature
        }
        return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: signedPrekey.publicKey)
    }
}

enum RatchetError: Error {
    case noSession(String)
    case tooManySkipped(UInt32)
    case duplicateOrExpired(UInt32)
    case identityChanged(String)
}

enum Ratchet {
    static let maxSkip: UInt32 = 1_000

    /// X3DH-style setup: DH(IK_a, SPK_b) || DH(EK_a, IK_b) || DH(EK_a, SPK_b).
    static func initiate(conversationId: String, ourIdentity: Curve25519.KeyAgreement.PrivateKey,
                         bundle: PeerBundle) throws -> SessionState {
        let theirIdentity = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: bundle.identity.agreementKey)
        let theirPrekey = try bundle.verifiedPrekey()
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let chains = deriveChains(try [
            ourIdentity.sharedSecretFromKeyAgreement(with: theirPrekey),
            ephemeral.sharedSecretFromKeyAgreement(with: theirIdentity),
            ephemeral.sharedSecretFromKeyAgreement(with: theirPrekey),
        ], initiator: ourIdentity.publicKey.rawRepresentation, responder: theirIdentity.rawRepresentation,
           conversationId: conversationId)
        return SessionState(conversationId: conversationId, peerIdentity: bundle.identity.agreementKey,
                            sending: chains.0, receiving: chains.1,
                            pendingSetup: .init(ephemeralKey: ephemeral.publicKey.rawRepresentation,
                                                prekeyId: bundle.signedPrekey.id))
    }

    static func respond(conversationId: String, ourIdentity: Curve25519.KeyAgreement.PrivateKey,
                        ourPrekey: Curve25519.KeyAgreement.PrivateKey,
                        theirIdentity: Data, theirEphemeral: Data) throws -> SessionState {
        let identityKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: theirIdentity)
        let ephemeralKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: theirEphemeral)
        let chains = deriveChains(try [
            ourPrekey.sharedSecretFromKeyAgreement(with: identityKey),
            ourIdentity.sharedSecretFromKeyAgreement(with: ephemeralKey),
            ourPrekey.sharedSecretFromKeyAgreement(with: ephemeralKey),
        ], initiator: theirIdentity, responder: ourIdentity.publicKey.rawRepresentation,
           conversationId: conversationId)
        return SessionState(conversationId: conversationId, peerIdentity: theirIdentity,
                            sending: chains.1, receiving: chains.0)
    }

    static func nextSendingKeys(_ state: inout SessionState) -> MessageKeys {
        advance(&state.sending)
    }

    static func receivingKeys(for index: UInt32, state: inout SessionState) throws -> MessageKeys {
        if index < state.receiving.chainIndex {
            guard let stored = state.skipped.removeValue(forKey: index) else {
                throw RatchetError.duplicateOrExpired(index)
            }
            return MessageKeys(cipherKey: SymmetricKey(data: stored), index: index)
        }
        guard index - state.receiving.chainIndex <= maxSkip else { throw RatchetError.tooManySkipped(index) }
        while state.receiving.chainIndex < index {
            let skipped = advance(&state.receiving)
            state.skipped[skipped.index] = skipped.cipherKey.withUnsafeBytes { Data($0) }
        }
        for stale in state.skipped.keys.sorted().dropLast(Int(maxSkip)) {
            state.skipped.removeValue(forKey: stale)
        }
        return advance(&state.receiving)
    }

    private static func advance(_ chain: inout ChainState) -> MessageKeys {
        let chainKey = SymmetricKey(data: chain.chainKey)
        let seed = HMAC<SHA256>.authenticationCode(for: RatchetLabels.messageSeed, using: chainKey)
        let next = HMAC<SHA256>.authenticationCode(for: RatchetLabels.chainAdvance, using: chainKey)
        let cipherKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Data(seed)),
                                               salt: RatchetLabels.messageKeys,
                                               info: chain.chainIndex.bigEndianBytes,
                                               outputByteCount: 32)
        defer {
            chain.chainKey = Data(next)
            chain.chainIndex += 1
        }
        return MessageKeys(cipherKey: cipherKey, index: chain.chainIndex)
    }

    private static func deriveChains(_ secrets: [SharedSecret], initiator: Data, responder: Data,
                                     conversationId: String) -> (ChainState, ChainState) {
        var inputKeyMaterial = Data()
        secrets.forEach { secret in secret.withUnsafeBytes { inputKeyMaterial.append(contentsOf: $0) } }
        let transcript = initiator + responder + Data(conversationId.utf8)
        let okm = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: inputKeyMaterial),
                                         salt: RatchetLabels.root, info: transcript, outputByteCount: 64)
        let bytes = okm.withUnsafeBytes { Data($0) }
        // (initiator -> responder, responder -> initiator)
        return (ChainState(chainKey: Data(bytes.prefix(32)), chainIndex: 0),
                ChainState(chainKey: Data(bytes.suffix(32)), chainIndex: 0))
    }
}

/// Per-conversation ratchet state, shared by the app and the notification service
/// extension. State is re-read from SQLite on every call so neither process works
/// from a stale copy.
actor SessionManager {
    private let database: Database
    private let identity: IdentityKeyStore
    private let api: APIClient?

    init(database: Database, identity: IdentityKeyStore, api: APIClient?) {
        self.database = database
        self.identity = identity
        self.api = api
    }

    func seal(_ payload: MessagePayload, messageId: String, conversationId: String) async throws -> Envelope {
        var state = try await sessionForSending(conversationId)
        let keys = Ratchet.nextSendingKeys(&state)
        let setup = state.pendingSetup
        let template = Envelope(version: Envelope.currentVersion, messageId: messageId,
                                conversationId: conversationId, senderDeviceId: DeviceInfo.deviceId,
                                nonce: keys.index, ephemeralKey: setup?.ephemeralKey, prekeyId: setup?.prekeyId,
                                senderIdentity: try setup.map { _ in try identity.publicIdentity().agreementKey },
                                ciphertext: Data())
        let envelope = try MessageCipher.seal(payload, keys: keys, into: template)
        try persist(state)
        return envelope
    }

    func open(_ envelope: Envelope) throws -> MessagePayload {
        var state = try sessionForReceiving(envelope)
        let keys = try Ratchet.receivingKeys(for: envelope.nonce, state: &state)
        let payload = try MessageCipher.open(envelope, keys: keys)
        state.pendingSetup = nil
        // Persist only after the ciphertext authenticated, so a forged envelope can't advance the chain.
        try persist(state)
        return payload
    }

    func peerIdentity(conversationId: String) throws -> Data? {
        try load(conversationId)?.peerIdentity
    }

    private func sessionForSending(_ conversationId: String) async throws -> SessionState {
        if let existing = try load(conversationId) { return existing }
        guard let api else { throw RatchetError.noSession(conversationId) }
        let bundle = try await api.peerBundle(conversationId: conversationId)
        // Re-check: another call may have created the session while we were suspended.
        if let existing = try load(conversationId) { return existing }
        let state = try Ratchet.initiate(conversationId: conversationId, ourIdentity: identity.agreementKey(), bundle: bundle)
        try persist(state)
        Log.info("session.initiated conversation=\(conversationId) prekey=\(bundle.signedPrekey.id)", category: .crypto)
        return state
    }

    private func sessionForReceiving(_ envelope: Envelope) throws -> SessionState {
        if let existing = try load(envelope.conversationId) {
            if let sender = envelope.senderIdentity, sender != existing.peerIdentity {
                throw RatchetError.identityChanged(envelope.conversationId)
            }
            return existing
        }
        guard let ephemeral = envelope.ephemeralKey, let prekeyId = envelope.prekeyId,
              let sender = envelope.senderIdentity else {
            throw RatchetError.noSession(envelope.conversationId)
        }
        Log.info("session.responding conversation=\(envelope.conversationId) prekey=\(prekeyId)", category: .crypto)
        return try Ratchet.respond(conversationId: envelope.conversationId, ourIdentity: identity.agreementKey(),
                                   ourPrekey: identity.prekey(id: prekeyId), theirIdentity: sender,
                                   theirEphemeral: ephemeral)
    }

    private func load(_ conversationId: String) throws -> SessionState? {
        let rows = try database.query("SELECT state FROM \(Schema.sessions) WHERE conversation_id = ?",
                                      [.text(conversationId)]) { $0.blob(0) }
        return try rows.first.map { try JSONDecoder().decode(SessionState.self, from: $0) }
    }

    private func persist(_ state: SessionState) throws {
        try database.run("""
            INSERT INTO \(Schema.sessions) (conversation_id, state, updated_at) VALUES (?, ?, ?)
            ON CONFLICT(conversation_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
            """, .text(state.conversationId), .blob(try JSONEncoder().encode(state)), .date(Date()))
    }
}
