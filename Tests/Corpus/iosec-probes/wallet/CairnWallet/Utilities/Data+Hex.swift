import Foundation
import Security

extension Data {
    private static let hexAlphabet = Array("0123456789abcdef".utf8)

    /// Parses hex with or without a `0x` prefix. Odd-length input is left-padded with a zero nibble.
    init?(hex: String) {
        var body = Substring(hex)
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            body = body.dropFirst(2)
        }
        let chars = Array(body.utf8)
        let padded = chars.count.isMultiple(of: 2) ? chars : [UInt8(ascii: "0")] + chars

        var bytes = [UInt8]()
        bytes.reserveCapacity(padded.count / 2)
        for index in stride(from: 0, to: padded.count, by: 2) {
            guard let high = Self.nibble(padded[index]), let low = Self.nibble(padded[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        self.init(bytes)
    }

    var hexString: String {
        var output = [UInt8]()
        output.reserveCapacity(count * 2)
        for byte in self {
            output.append(Self.hexAlphabet[Int(byte >> 4)])
            output.append(Self.hexAlphabet[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    var prefixedHex: String { "0x" + hexString }

    func leftPadded(to length: Int) -> Data {
        count >= length ? self : Data(repeating: 0, count: length - count) + self
    }

    private static func nibble(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return ascii - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return ascii - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return ascii - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    var strippingHexPrefix: String {
        hasPrefix("0x") || hasPrefix("0X") ? String(dropFirst(2)) : self
    }

    var isHexadecimal: Bool {
        !isEmpty && allSatisfy(\.isHexDigit)
    }
}

enum SecureRandom {
    static func bytes(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = SecRandomCopyBytes(kSecRandomDefault, count, &bytes)
        precondition(status == errSecSuccess, "SecRandomCopyBytes failed: \(status)")
        return bytes
    }
}
