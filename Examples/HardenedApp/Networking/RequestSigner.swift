import Foundation
import Security

/// Signs top-up requests with a P-256 key made in the Secure Enclave, so the server can tell this install's
/// requests apart and the key never leaves the device.
final class RequestSigner {
    private lazy var privateKey: SecKey? = {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
            kSecAttrKeySizeInBits as String: 256,
            kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
        ]
        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
    }()

    func signature(for body: Data) -> Data? {
        guard let privateKey else { return nil }
        return SecKeyCreateSignature(privateKey, .ecdsaSignatureMessageX962SHA256, body as CFData, nil) as Data?
    }
}
