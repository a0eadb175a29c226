import CryptoKit
import Foundation

struct MessagePayload: Codable, Sendable {
    var body: String
    var sentAt: Date
    var replyTo: String?
    var attachment: AttachmentPointer?
}

struct AttachmentPointer: Codable, Hashable, Sendable {
    let id: String
    let key: Data
    let digest: Data
    let byteCount: Int
    let contentType: String
}

struct Envelope: Codable, Sendable {
    static let currentVersion: UInt8 = 2

    let version: UInt8
    let messageId: String
    let conversationId: String
    let senderDeviceId: String
    /// Position in the sender's chain; also the AEAD nonce counter. Each position has its
    /// own message key, so a (key, nonce) pair is never reused.
    let nonce: UInt32
    let ephemeralKey: Data?
    let prekeyId: UInt32?
    let senderIdentity: Data?
    var ciphertext: Data

    /// Everything except the ciphertext is bound into the AEAD tag.
    var associatedData: Data {
        var data = Data([version])
        for field in [messageId, conversationId, senderDeviceId] {
            data.append(UInt32(field.utf8.count).bigEndianBytes)
            data.append(Data(field.utf8))
        }
        data.append(nonce.bigEndianBytes)
        if let ephemeralKey { data.append(ephemeralKey) }
        if let prekeyId { data.append(prekeyId.bigEndianBytes) }
        if let senderIdentity { data.append(senderIdentity) }
        return data
    }
}

enum CipherError: Error {
    case malformed, digestMismatch
    case unsupportedVersion(UInt8)
}

enum MessageCipher {
    private static let paddingBlock = 160
    private static let tagLength = 16

    /// 96-bit nonce: eight zero bytes followed by the 32-bit counter, big-endian.
    static func nonce(counter: UInt32) throws -> ChaChaPoly.Nonce {
        var bytes = Data(repeating: 0, count: 8)
        bytes.append(counter.bigEndianBytes)
        return try ChaChaPoly.Nonce(data: bytes)
    }

    static func seal(_ payload: MessagePayload, keys: MessageKeys, into template: Envelope) throws -> Envelope {
        precondition(template.nonce == keys.index, "envelope counter must match the chain position")
        let plaintext = pad(try JSONEncoder().encode(payload))
        let box = try ChaChaPoly.seal(plaintext,
                                      using: keys.cipherKey,
                                      nonce: nonce(counter: keys.index),
                                      authenticating: template.associatedData)
        var envelope = template
        envelope.ciphertext = box.ciphertext + box.tag
        return envelope
    }

    static func open(_ envelope: Envelope, keys: MessageKeys) throws -> MessagePayload {
        guard envelope.version == Envelope.currentVersion else {
            throw CipherError.unsupportedVersion(envelope.version)
        }
        guard envelope.ciphertext.count > tagLength else { throw CipherError.malformed }
        let box = try ChaChaPoly.SealedBox(nonce: nonce(counter: envelope.nonce),
                                           ciphertext: envelope.ciphertext.dropLast(tagLength),
                                           tag: envelope.ciphertext.suffix(tagLength))
        let plaintext = try ChaChaPoly.open(box, using: keys.cipherKey, authenticating: envelope.associatedData)
        return try JSONDecoder().decode(MessagePayload.self, from: unpad(plaintext))
    }

    // MARK: - Padding (ISO/IEC 7816-4) so ciphertext length leaks only a size bucket

    static func pad(_ data: Data) -> Data {
        var padded = data
        padded.append(0x80)
        let remainder = padded.count % paddingBlock
        if remainder != 0 {
            padded.append(Data(repeating: 0, count: paddingBlock - remainder))
        }
        return padded
    }

    static func unpad(_ data: Data) throws -> Data {
        guard let marker = data.lastIndex(where: { $0 != 0 }), data[marker] == 0x80 else {
            throw CipherError.malformed
        }
        return Data(data[data.startIndex..<marker])
    }

    // MARK: - Attachments

    /// Fresh key per attachment; AES.GCM.seal picks a random 96-bit nonce.
    static func encryptAttachment(_ data: Data, contentType: String) throws -> (pointer: AttachmentPointer, ciphertext: Data) {
        let key = SymmetricKey(size: .bits256)
        let sealed = try AES.GCM.seal(data, using: key)
        guard let combined = sealed.combined else { throw CipherError.malformed }
        let pointer = AttachmentPointer(id: UUID().uuidString,
                                        key: key.withUnsafeBytes { Data($0) },
                                        digest: Data(SHA256.hash(data: combined)),
                                        byteCount: data.count,
                                        contentType: contentType)
        return (pointer, combined)
    }

    static func decryptAttachment(_ combined: Data, pointer: AttachmentPointer) throws -> Data {
        guard Data(SHA256.hash(data: combined)) == pointer.digest else { throw CipherError.digestMismatch }
        let box = try AES.GCM.SealedBox(combined: combined)
        return try AES.GCM.open(box, using: SymmetricKey(data: pointer.key))
    }
}
