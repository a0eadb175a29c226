import Foundation
import CryptoKit

struct TOTPConfiguration: Equatable {
    enum Algorithm: String {
        case sha1 = "SHA1", sha256 = "SHA256", sha512 = "SHA512"
    }

    var secret: Data
    var algorithm: Algorithm = .sha1
    var digits = 6
    var period = 30
}

/// RFC 6238 time-based one-time passwords on top of RFC 4226 HOTP. Shared with the extension.
///
/// HMAC-SHA1 is the default because the RFC specifies it and nearly every issuer uses it.
/// HMAC doesn't rely on SHA-1's collision resistance, so this isn't the broken use of SHA-1.
struct TOTPGenerator {
    func code(for configuration: TOTPConfiguration, at date: Date = .now) -> String {
        let counter = UInt64(max(0, date.timeIntervalSince1970)) / UInt64(configuration.period)
        return Self.hotp(secret: configuration.secret, counter: counter, digits: configuration.digits, algorithm: configuration.algorithm)
    }

    func secondsRemaining(for configuration: TOTPConfiguration, at date: Date = .now) -> Int {
        configuration.period - Int(date.timeIntervalSince1970) % configuration.period
    }

    static func hotp(secret: Data, counter: UInt64, digits: Int, algorithm: TOTPConfiguration.Algorithm) -> String {
        let key = SymmetricKey(data: secret)
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let mac: [UInt8]
        switch algorithm {
        case .sha1: mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
        case .sha256: mac = Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
        case .sha512: mac = Array(HMAC<SHA512>.authenticationCode(for: message, using: key))
        }

        // Dynamic truncation, RFC 4226 §5.3.
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24)
            | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        let modulus = (0..<digits).reduce(UInt32(1)) { value, _ in value * 10 }
        let code = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - code.count)) + code
    }

    #if DEBUG
    /// RFC 6238 Appendix B, HMAC-SHA1 rows (seed is the ASCII string "12345678901234567890").
    static func runSelfTest() {
        let seed = Data("12345678901234567890".utf8)
        let vectors: [(time: UInt64, code: String)] = [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_234_567_890, "89005924"), (2_000_000_000, "69279037"),
        ]
        for vector in vectors {
            assert(hotp(secret: seed, counter: vector.time / 30, digits: 8, algorithm: .sha1) == vector.code,
                   "TOTP self-test failed at T=\(vector.time)")
        }
    }
    #endif
}
