import Foundation

struct EthereumAddress: Hashable, CustomStringConvertible {
    struct InvalidPublicKey: Error {}

    let rawValue: Data

    /// Accepts `0x`-prefixed hex. Mixed-case input must carry a valid EIP-55 checksum;
    /// when `requireChecksum` is set, all-lowercase or all-uppercase input is rejected too.
    init?(string: String, requireChecksum: Bool = false) {
        guard string.hasPrefix("0x") else { return nil }
        let body = string.strippingHexPrefix
        guard body.count == 40, body.isHexadecimal, let data = Data(hex: body) else { return nil }

        let isMixedCase = body != body.lowercased() && body != body.uppercased()
        if isMixedCase || requireChecksum {
            guard Self.checksumEncode(body.lowercased()) == body else { return nil }
        }
        rawValue = data
    }

    /// Derives the address from a 65-byte uncompressed secp256k1 public key.
    init(publicKey: Data) throws {
        guard publicKey.count == 65, publicKey.first == 0x04 else { throw InvalidPublicKey() }
        rawValue = Data(Keccak256.hash(Data(publicKey.dropFirst())).suffix(20))
    }

    var checksummed: String { "0x" + Self.checksumEncode(rawValue.hexString) }

    var description: String { checksummed }

    var shortened: String {
        let full = checksummed
        return "\(full.prefix(6))…\(full.suffix(4))"
    }

    static func checksumEncode(_ lowercaseHex: String) -> String {
        let digest = Keccak256.hash(Data(lowercaseHex.utf8)).hexString
        var result = ""
        result.reserveCapacity(lowercaseHex.count)
        for (character, hashNibble) in zip(lowercaseHex, digest) {
            if character.isLetter, let value = hashNibble.hexDigitValue, value >= 8 {
                result.append(Character(character.uppercased()))
            } else {
                result.append(character)
            }
        }
        return result
    }
}
