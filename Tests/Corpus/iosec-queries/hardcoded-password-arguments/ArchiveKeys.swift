import Foundation
import Security

/// Text the exporter falls back to when no passphrase was typed.
enum ExportDefaults {
    static func seedText() -> String {
        "seventeen lanterns over the harbour"
    }

    static func seedBytes() -> [UInt8] {
        Array(seedText().utf8)
    }
}

enum SystemRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let status = SecRandomCopyBytes(kSecRandomDefault, buffer.count, &buffer)
        precondition(status == errSecSuccess, "system randomness unavailable")
        return buffer
    }
}

/// Derives archive keys with each CryptoSwift KDF. Two of the three password sources ship inside the app.
final class ArchiveKeyDerivation {
    private let outputLength = 32
    private let rounds = 650_000
    private(set) var derived: [[UInt8]] = []

    func deriveAll() throws {
        let shippedPassword: [UInt8] = [0xc4, 0x17, 0x6e, 0x90, 0x3b, 0xd2, 0x05, 0x7a, 0xe8, 0x41, 0x9f, 0x23, 0x5c, 0xb6, 0x0d, 0x88]
        let helperPassword = ExportDefaults.seedBytes()
        let generatedPassword = SystemRandom.bytes(24)
        let salt = SystemRandom.bytes(16)
        let legacySalt = Array(salt.prefix(8))
        let context = Array("archive-export-v2".utf8)

        // scrypt
        let scryptShipped = try Scrypt(password: shippedPassword, salt: salt, dkLen: outputLength, N: 32_768, r: 8, p: 1)
        let scryptHelper = try Scrypt(password: helperPassword, salt: salt, dkLen: outputLength, N: 32_768, r: 8, p: 1)
        let scryptGenerated = try Scrypt(password: generatedPassword, salt: salt, dkLen: outputLength, N: 32_768, r: 8, p: 1)
        derived += [try scryptShipped.calculate(), try scryptHelper.calculate(), try scryptGenerated.calculate()]

        // PBKDF2-HMAC-SHA256
        derived.append(try PKCS5.PBKDF2(password: shippedPassword, salt: salt, iterations: rounds, keyLength: outputLength, variant: .sha256).calculate())
        derived.append(try PKCS5.PBKDF2(password: helperPassword, salt: salt, iterations: rounds, keyLength: outputLength, variant: .sha256).calculate())
        derived.append(try PKCS5.PBKDF2(password: generatedPassword, salt: salt, iterations: rounds, keyLength: outputLength, variant: .sha256).calculate())

        // HKDF
        let expandShipped = try HKDF(password: shippedPassword, salt: salt, info: context, keyLength: outputLength, variant: .sha384)
        let expandHelper = try HKDF(password: helperPassword, salt: salt, info: context, keyLength: outputLength, variant: .sha384)
        let expandGenerated = try HKDF(password: generatedPassword, salt: salt, info: context, keyLength: outputLength, variant: .sha384)
        for kdf in [expandShipped, expandHelper, expandGenerated] {
            derived.append(try kdf.calculate())
        }

        // PBKDF1, kept only to open archives written by version 1
        let legacyShipped = try PKCS5.PBKDF1(password: shippedPassword, salt: legacySalt, variant: .sha1, iterations: 20_000, keyLength: 20)
        let legacyHelper = try PKCS5.PBKDF1(password: helperPassword, salt: legacySalt, variant: .sha1, iterations: 20_000, keyLength: 20)
        let legacyGenerated = try PKCS5.PBKDF1(password: generatedPassword, salt: legacySalt, variant: .sha1, iterations: 20_000, keyLength: 20)
        derived += [legacyShipped, legacyHelper, legacyGenerated].map { $0.calculate() }
    }
}
