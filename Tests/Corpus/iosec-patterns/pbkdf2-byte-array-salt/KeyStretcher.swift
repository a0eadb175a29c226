import Foundation
import CommonCrypto

enum KeyStretcher {
    private static let salt: [UInt8] = [0x3c, 0x91, 0x5e, 0x07, 0xaa, 0x12, 0x6b, 0xf0, 0x44, 0x2d, 0x9e, 0x81, 0x05, 0xc7, 0x38, 0x1a]

    static func deriveKey(password: String) -> [UInt8] {
        pbkdf2(password: password, salt: salt, rounds: 310_000)
    }

    private static func pbkdf2(password: String, salt: [UInt8], rounds: Int) -> [UInt8] {
        var derived = [UInt8](repeating: 0, count: 32)
        let derivedCount = derived.count
        _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(rounds), &derived, derivedCount)
        return derived
    }
}
