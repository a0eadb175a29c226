import Foundation
import Security

enum ReceiptSigningError: Error {
    case keyGeneration(String)
    case signing(String)
}

final class ReceiptSigner {
    private let keyLabel = "com.example.ledger.receipt-signing"

    private func makeKeyPair() throws -> SecKey {
        let privateAttributes: [String: Any] = [
            kSecAttrIsPermanent as String: true,
            kSecAttrApplicationTag as String: Data(keyLabel.utf8)
        ]
        let parameters: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
            kSecAttrKeySizeInBits as String: 1024,
            kSecPrivateKeyAttrs as String: privateAttributes
        ]

        var failure: Unmanaged<CFError>?
        guard let key = SecKeyCreateRandomKey(parameters as CFDictionary, &failure) else {
            throw ReceiptSigningError.keyGeneration(String(describing: failure?.takeRetainedValue()))
        }
        return key
    }

    func sign(receipt: String) throws -> (signature: Data, valid: Bool) {
        let key = try makeKeyPair()
        let message = Data(receipt.utf8) as CFData
        var failure: Unmanaged<CFError>?
        guard let signature = SecKeyCreateSignature(key, .rsaSignatureMessagePSSSHA256, message, &failure) as Data? else {
            throw ReceiptSigningError.signing(String(describing: failure?.takeRetainedValue()))
        }
        guard let publicKey = SecKeyCopyPublicKey(key) else {
            return (signature, false)
        }
        let valid = SecKeyVerifySignature(publicKey, .rsaSignatureMessagePSSSHA256, message, signature as CFData, &failure)
        return (signature, valid)
    }
}
