import Foundation
import Security

/// Signs top-up requests with a key made on this device, so the server can tell this install's requests apart.
final class RequestSigner {
    private lazy var privateKey: SecKey? = {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
            kSecAttrKeySizeInBits as String: 1024,
        ]
        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
    }()

    func signature(for body: Data) -> Data? {
        guard let privateKey else { return nil }
        return SecKeyCreateSignature(privateKey, .rsaSignatureMessagePKCS1v15SHA256, body as CFData, nil) as Data?
    }
}
