import Foundation

enum OTPAuthError: Error {
    case notTOTP, missingSecret, invalidSecret, invalidParameter(String)
}

/// Parses the Key URI format used in QR codes:
/// `otpauth://totp/Issuer:account?secret=BASE32&issuer=Issuer&algorithm=SHA1&digits=6&period=30`
enum OTPAuthURI {
    /// Accepts either a full `otpauth://` URI or a bare Base32 secret.
    static func configuration(from input: String) throws -> TOTPConfiguration {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix("otpauth://") else {
            guard let secret = Base32.decode(trimmed) else { throw OTPAuthError.invalidSecret }
            return TOTPConfiguration(secret: secret)
        }
        guard let components = URLComponents(string: trimmed), components.host?.lowercased() == "totp" else {
            throw OTPAuthError.notTOTP
        }

        var items: [String: String] = [:]
        for item in components.queryItems ?? [] where items[item.name.lowercased()] == nil {
            items[item.name.lowercased()] = item.value ?? ""
        }
        guard let rawSecret = items["secret"], !rawSecret.isEmpty else { throw OTPAuthError.missingSecret }
        guard let secret = Base32.decode(rawSecret) else { throw OTPAuthError.invalidSecret }

        var configuration = TOTPConfiguration(secret: secret)
        if let value = items["algorithm"] {
            guard let algorithm = TOTPConfiguration.Algorithm(rawValue: value.uppercased()) else {
                throw OTPAuthError.invalidParameter("algorithm")
            }
            configuration.algorithm = algorithm
        }
        if let value = items["digits"] {
            guard let digits = Int(value), (6...8).contains(digits) else { throw OTPAuthError.invalidParameter("digits") }
            configuration.digits = digits
        }
        if let value = items["period"] {
            guard let period = Int(value), (10...300).contains(period) else { throw OTPAuthError.invalidParameter("period") }
            configuration.period = period
        }
        return configuration
    }
}

/// RFC 4648 Base32, tolerant of lowercase, spaces, dashes and padding.
enum Base32 {
    private static let lookup: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8.enumerated().map { ($1, UInt8($0)) }
    )

    static func decode(_ string: String) -> Data? {
        var buffer: UInt32 = 0
        var bitCount = 0
        var output = Data()
        for byte in string.uppercased().utf8 where !"= -".utf8.contains(byte) {
            guard let value = lookup[byte] else { return nil }
            buffer = ((buffer << 5) | UInt32(value)) & 0xFFFF
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8((buffer >> UInt32(bitCount)) & 0xFF))
            }
        }
        return output.isEmpty ? nil : output
    }
}
