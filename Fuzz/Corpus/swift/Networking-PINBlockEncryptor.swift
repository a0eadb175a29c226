import CommonCrypto
import Foundation

/// Builds the encrypted ISO 9564 format 0 PIN block that the card processor's
/// "change PIN" endpoint expects.
struct PINBlockEncryptor {
    enum Failure: Error {
        case invalidPIN
        case invalidCardNumber
        case invalidZoneKey
        case encryptionFailed(CCCryptorStatus)
    }

    /// Triple-length (24-byte) key issued per request by `cards/{id}/pin/zone-key`.
    let zoneKey: Data

    func encryptedPINBlock(pin: String, cardNumber: String) throws -> Data {
        guard zoneKey.count == kCCKeySize3DES else { throw Failure.invalidZoneKey }
        let block = try Self.clearPINBlock(pin: pin, cardNumber: cardNumber)

        var output = Data(count: block.count)
        let outputCount = output.count
        var written = 0
        let status = output.withUnsafeMutableBytes { outBytes in
            block.withUnsafeBytes { inBytes in
                zoneKey.withUnsafeBytes { keyBytes in
                    CCCrypt(CCOperation(kCCEncrypt), CCAlgorithm(kCCAlgorithm3DES), CCOptions(kCCOptionECBMode), keyBytes.baseAddress, kCCKeySize3DES, nil, inBytes.baseAddress, block.count, outBytes.baseAddress, outputCount, &written)
                }
            }
        }
        guard status == CCCryptorStatus(kCCSuccess) else { throw Failure.encryptionFailed(status) }
        return output.prefix(written)
    }

    /// PIN field XOR account field, both 16 hex digits.
    static func clearPINBlock(pin: String, cardNumber: String) throws -> Data {
        let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
        guard (4...12).contains(pin.count), pin.allSatisfy(isDigit) else { throw Failure.invalidPIN }
        let digits = cardNumber.filter(isDigit)
        guard digits.count >= 13 else { throw Failure.invalidCardNumber }

        let pinField = "0" + String(pin.count, radix: 16, uppercase: true) + pin + String(repeating: "F", count: 14 - pin.count)
        let accountField = "0000" + digits.dropLast().suffix(12)
        let pinBytes = try bytes(fromHex: pinField)
        let accountBytes = try bytes(fromHex: accountField)
        return Data(zip(pinBytes, accountBytes).map { $0 ^ $1 })
    }

    private static func bytes(fromHex hex: String) throws -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { throw Failure.invalidPIN }
            result.append(byte)
            index = next
        }
        return result
    }
}
