import CommonCrypto
import Foundation

/// Digests the old sign-in endpoint still expects instead of the password and PIN themselves.
enum LegacyDigest {
    case sha1
    case md5

    private var length: Int {
        switch self {
        case .sha1: return Int(CC_SHA1_DIGEST_LENGTH)
        case .md5: return Int(CC_MD5_DIGEST_LENGTH)
        }
    }

    func digest(_ secret: String) -> String {
        let input = Data(secret.utf8)
        var out = [UInt8](repeating: 0, count: length)
        input.withUnsafeBytes { buffer in
            let count = CC_LONG(buffer.count)
            switch self {
            case .sha1:
                _ = CC_SHA1(buffer.baseAddress, count, &out)
            case .md5:
                _ = CC_MD5(buffer.baseAddress, count, &out)
            }
        }
        return out.map { String(format: "%02x", $0) }.joined()
    }
}

struct LegacySignInForm {
    let username: String
    let password: String
    let pin: String

    var fields: [String: String] {
        [
            "user": username,
            "pass_digest": LegacyDigest.sha1.digest(password),
            "pin_digest": LegacyDigest.md5.digest(pin)
        ]
    }
}
