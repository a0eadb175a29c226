import Foundation
import CommonCrypto
import CryptoKit
import Security

enum KeyDerivationError: Error {
    case emptyPassword
    case invalidRounds(Int)
    case derivationFailed(Int32)
}

/// PBKDF2-HMAC-SHA256 through CommonCrypto.
///
/// 600,000 rounds follows current OWASP guidance. The salt is 32 random bytes per vault
/// and lives in header.json next to the sealed vault; it isn't secret.
enum KeyDerivation {
    static let defaultRounds = 600_000
    /// Vaults created by 2.0–2.2 used 310,000 rounds and still open.
    static let minimumAcceptedRounds = 310_000
    static let saltLength = 32
    static let minimumSaltLength = 16

    static func makeSalt() throws -> Data {
        Data(try SecureRandom.bytes(saltLength))
    }

    static func deriveKey(password: String, salt: Data, rounds: Int) throws -> SymmetricKey {
        guard !password.isEmpty else { throw KeyDerivationError.emptyPassword }
        guard rounds > 0, rounds <= Int(UInt32.max) else { throw KeyDerivationError.invalidRounds(rounds) }

        // NFC, so the same password typed on different keyboards gives the same key.
        var passwordBytes = Array(password.precomposedStringWithCanonicalMapping.utf8)
        var derived = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        defer {
            passwordBytes.withUnsafeMutableBytes { _ = memset_s($0.baseAddress, $0.count, 0, $0.count) }
            derived.withUnsafeMutableBytes { _ = memset_s($0.baseAddress, $0.count, 0, $0.count) }
        }

        let status = passwordBytes.withUnsafeBufferPointer { passwordBuffer in
            salt.withUnsafeBytes { saltBuffer in
                derived.withUnsafeMutableBufferPointer { derivedBuffer in
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2),
                        UnsafeRawPointer(passwordBuffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                        passwordBuffer.count,
                        saltBuffer.bindMemory(to: UInt8.self).baseAddress,
                        saltBuffer.count,
                        CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256),
                        UInt32(rounds),
                        derivedBuffer.baseAddress,
                        derivedBuffer.count
                    )
                }
            }
        }
        guard Int(status) == kCCSuccess else { throw KeyDerivationError.derivationFailed(status) }
        return SymmetricKey(data: derived)
    }
}

/// Thin wrapper over `SecRandomCopyBytes`.
enum SecureRandom {
    struct GeneratorFailed: Error { let status: OSStatus }

    static func bytes(_ count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let status = SecRandomCopyBytes(kSecRandomDefault, count, &buffer)
        guard status == errSecSuccess else { throw GeneratorFailed(status: status) }
        return buffer
    }

    /// Uniform integer in `0..<upperBound`, rejection-sampled to avoid modulo bias.
    static func uniform(below upperBound: Int) throws -> Int {
        let bound = UInt32(upperBound)
        let limit = UInt32.max - (UInt32.max % bound)
        while true {
            let value = try bytes(4).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            if value < limit { return Int(value % bound) }
        }
    }
}
