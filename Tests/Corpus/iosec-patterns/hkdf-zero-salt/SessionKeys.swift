import CryptoKit
import Foundation

enum SessionKeys {
    static func derive(from sharedSecret: SharedSecret) -> SymmetricKey {
        let salt = Data(repeating: 0, count: 32)
        return sharedSecret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: Data("session".utf8), outputByteCount: 32)
    }

    static func expand(_ key: SymmetricKey) -> SymmetricKey {
        let salt = Data(repeating: 0, count: 32)
        return HKDF<SHA256>.deriveKey(inputKeyMaterial: key, salt: salt, info: Data("export".utf8), outputByteCount: 32)
    }
}
