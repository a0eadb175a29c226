import CommonCrypto
import Foundation

private let sessionKey = "Tq8vLx2cN5rW0ePz"
private let sessionIV = "h3JmY7sK1dQa9UfB"

/// Turns "email:password" into the opaque session value the app keeps after sign-in.
let sessionCipher = TokenCipher(key: sessionKey, iv: sessionIV)

struct TokenCipher {
    private let keyBytes: [UInt8]
    private let ivBytes: [UInt8]

    init(key: String, iv: String) {
        precondition(key.utf8.count == kCCKeySizeAES128 && iv.utf8.count == kCCBlockSizeAES128)
        keyBytes = Array(key.utf8)
        ivBytes = Array(iv.utf8)
    }

    func seal(_ text: String) -> String? {
        let input = Array(text.utf8)
        let capacity = input.count + kCCBlockSizeAES128
        var output = [UInt8](repeating: 0, count: capacity)
        var produced = 0
        let status = CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionPKCS7Padding),
                             keyBytes, keyBytes.count, ivBytes, input, input.count, &output, capacity, &produced)
        guard status == kCCSuccess else { return nil }
        return Data(output.prefix(produced)).base64EncodedString()
    }
}
