import CommonCrypto
import Foundation

/// Derives the key that encrypts exported statement backups from the user's backup password.
enum BackupCipher {
    static let rounds: UInt32 = 10_000

    static func key(password: String, salt: [UInt8]) -> [UInt8] {
        var key = [UInt8](repeating: 0, count: kCCKeySizeAES256)
        _ = CCKeyDerivationPBKDF(CCPBKDFAlgorithm(kCCPBKDF2), password, password.utf8.count, salt, salt.count,
                                 CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), rounds, &key, key.count)
        return key
    }
}
