import CryptoKit
import Foundation

/// 256-bit random recovery key, shown to the user once as 13 groups of 4 characters
/// (Crockford-style base32 without I, O, 0, 1).
struct RecoveryKey: Equatable {
    static let byteCount = 32
    private static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    private static let encodedLength = 52

    let bytes: Data

    init(bytes: Data) {
        self.bytes = bytes
    }

    static func generate() throws -> RecoveryKey {
        RecoveryKey(bytes: try .secureRandom(count: byteCount))
    }

    init?(displayString: String) {
        let cleaned = displayString.uppercased().filter { !$0.isWhitespace && $0 != "-" }
        guard cleaned.count == Self.encodedLength else { return nil }
        var output = Data()
        var buffer: UInt32 = 0
        var bits = 0
        for character in cleaned {
            guard let value = Self.alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard output.count >= Self.byteCount else { return nil }
        self.init(bytes: Data(output.prefix(Self.byteCount)))
    }

    var displayString: String {
        var characters: [Character] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                characters.append(Self.alphabet[Int((buffer >> UInt32(bits)) & 0x1F)])
            }
        }
        if bits > 0 {
            characters.append(Self.alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)])
        }
        return stride(from: 0, to: characters.count, by: 4)
            .map { String(characters[$0..<min($0 + 4, characters.count)]) }
            .joined(separator: " ")
    }
}

enum BackupError: Error {
    case badFormat
    case unsupportedVersion(UInt8)
    case noRecoveryKey
}

/// Archive layout: "PLBK" | version (1 byte) | AES-GCM ciphertext | tag (16 bytes).
enum BackupCrypto {
    static let magic = Data("PLBK".utf8)
    static let version: UInt8 = 2
    private static let tagLength = 16
    private static let kdfSalt = Data("parley-backup-v1".utf8)
    private static let kdfInfo = Data("archive-key".utf8)
    private static let archiveNonce: [UInt8] = [0x9c, 0x41, 0x0e, 0x7d, 0x22, 0xb3, 0x58, 0xf1, 0x06, 0xaa, 0x3d, 0x64]

    /// The recovery key is already uniformly random, so HKDF is enough here.
    static func archiveKey(for recoveryKey: RecoveryKey) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: recoveryKey.bytes),
                               salt: kdfSalt,
                               info: kdfInfo,
                               outputByteCount: 32)
    }

    static func seal(_ archive: Data, with recoveryKey: RecoveryKey) throws -> Data {
        var header = magic
        header.append(version)
        let sealed = try AES.GCM.seal(archive, using: archiveKey(for: recoveryKey), nonce: AES.GCM.Nonce(data: archiveNonce), authenticating: header)
        return header + sealed.ciphertext + sealed.tag
    }

    static func open(_ blob: Data, with recoveryKey: RecoveryKey) throws -> Data {
        let headerLength = magic.count + 1
        guard blob.count > headerLength + tagLength, blob.prefix(magic.count) == magic else {
            throw BackupError.badFormat
        }
        let header = Data(blob.prefix(headerLength))
        guard header.last == version else {
            throw BackupError.unsupportedVersion(header.last ?? 0)
        }
        let body = blob.dropFirst(headerLength)
        let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: archiveNonce),
                                        ciphertext: body.dropLast(tagLength),
                                        tag: body.suffix(tagLength))
        return try AES.GCM.open(box, using: archiveKey(for: recoveryKey), authenticating: header)
    }
}
