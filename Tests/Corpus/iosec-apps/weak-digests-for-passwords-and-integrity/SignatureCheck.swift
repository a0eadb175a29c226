import CryptoKit
import Foundation

enum SignatureVerdict {
    case valid, tampered, unsigned
}

/// Signs documents the user exports and checks the signature when they come back.
struct SignatureCheck {
    func signature(for contents: Data) -> String {
        let value = Insecure.SHA1.hash(data: contents)
        return value.map { String(format: "%02x", $0) }.joined()
    }

    func verdict(for document: StoredDocument, signature: String?, contents: Data) -> SignatureVerdict {
        guard let signature else { return .unsigned }
        return self.signature(for: contents) == signature ? .valid : .tampered
    }

    /// Signature bound to the signer's key: the key is mixed into the hashed bytes.
    func sign(_ contents: Data, signerKey: String) -> String {
        var material = Data(signerKey.utf8)
        material.append(contents)
        return Insecure.SHA1.hash(data: material).map { String(format: "%02x", $0) }.joined()
    }
}
