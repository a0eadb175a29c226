import Foundation
import Security

/// Key text the first release shipped with.
enum Preset {
    static func text() -> String {
        return "mariner-orchard-5573"
    }

    static func bytes() -> [UInt8] {
        return [UInt8](text().utf8)
    }
}

enum Entropy {
    static func bytes(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        guard SecRandomCopyBytes(kSecRandomDefault, count, &buffer) == errSecSuccess else {
            fatalError("system randomness unavailable")
        }
        return buffer
    }

    static func hex(_ count: Int) -> String {
        bytes(count).map { String(format: "%02x", $0) }.joined()
    }
}

/// Key text provisioned at first launch and kept in the Keychain.
enum KeyStore {
    static func text(account: String) -> String {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne
        ]
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data,
            let text = String(data: data, encoding: .utf8)
        else { return Entropy.hex(16) }
        return text
    }
}

/// Builds every cipher and MAC the message store supports, once with shipped keys and once with
/// generated or Keychain-held ones.
final class MessageSealing {
    private(set) var instances: [Any] = []

    func buildAll() throws {
        let shippedKey: [UInt8] = [0x5d, 0xe1, 0x08, 0x77, 0xc3, 0x2a, 0x94, 0x6f, 0x1b, 0xd0, 0x39, 0xa5, 0x7e, 0x04, 0xcc, 0x62]
        let presetBytes = Preset.bytes()
        let presetText = Preset.text()

        let generatedKey = Entropy.bytes(32)
        let storedText = KeyStore.text(account: "message-key")

        let iv = Entropy.bytes(AES.blockSize)
        let ivText = Entropy.hex(8)
        let nonce = Entropy.bytes(12)
        let nonceText = Entropy.hex(6)
        let shortIV = Entropy.bytes(8)
        let shortIVText = Entropy.hex(4)
        let aesMode = CBC(iv: iv)
        let blowfishMode = CBC(iv: shortIV)

        // Message authentication
        instances.append(HMAC(key: shippedKey))
        instances.append(HMAC(key: generatedKey))
        instances.append(HMAC(key: shippedKey, variant: .sha256))
        instances.append(HMAC(key: generatedKey, variant: .sha256))
        instances.append(try HMAC(key: presetText))
        instances.append(try HMAC(key: storedText))
        instances.append(try HMAC(key: presetText, variant: .sha512))
        instances.append(try HMAC(key: storedText, variant: .sha512))

        instances.append(try CBCMAC(key: shippedKey))
        instances.append(try CBCMAC(key: generatedKey))
        instances.append(try CMAC(key: shippedKey))
        instances.append(try CMAC(key: generatedKey))
        instances.append(Poly1305(key: shippedKey))
        instances.append(Poly1305(key: generatedKey))

        // Stream ciphers
        instances.append(try ChaCha20(key: shippedKey, iv: nonce))
        instances.append(try ChaCha20(key: generatedKey, iv: nonce))
        instances.append(try ChaCha20(key: presetText, iv: nonceText))
        instances.append(try ChaCha20(key: storedText, iv: nonceText))

        instances.append(try Rabbit(key: shippedKey))
        instances.append(try Rabbit(key: generatedKey))
        instances.append(try Rabbit(key: presetText))
        instances.append(try Rabbit(key: storedText))
        instances.append(try Rabbit(key: shippedKey, iv: shortIV))
        instances.append(try Rabbit(key: generatedKey, iv: shortIV))
        instances.append(try Rabbit(key: presetText, iv: shortIVText))
        instances.append(try Rabbit(key: storedText, iv: shortIVText))

        // Block ciphers
        instances.append(try AES(key: presetBytes, blockMode: aesMode, padding: .pkcs7))
        instances.append(try AES(key: generatedKey, blockMode: aesMode, padding: .pkcs7))
        instances.append(try AES(key: presetBytes, blockMode: aesMode))
        instances.append(try AES(key: generatedKey, blockMode: aesMode))
        instances.append(try AES(key: presetText, iv: ivText))
        instances.append(try AES(key: storedText, iv: ivText))
        instances.append(try AES(key: presetText, iv: ivText, padding: .zeroPadding))
        instances.append(try AES(key: storedText, iv: ivText, padding: .zeroPadding))

        instances.append(try Blowfish(key: shippedKey, blockMode: blowfishMode, padding: .pkcs5))
        instances.append(try Blowfish(key: generatedKey, blockMode: blowfishMode, padding: .pkcs5))
        instances.append(try Blowfish(key: shippedKey, blockMode: blowfishMode))
        instances.append(try Blowfish(key: generatedKey, blockMode: blowfishMode))
        instances.append(try Blowfish(key: presetText, iv: shortIVText))
        instances.append(try Blowfish(key: storedText, iv: shortIVText))
        instances.append(try Blowfish(key: presetText, iv: shortIVText, padding: .pkcs5))
        instances.append(try Blowfish(key: storedText, iv: shortIVText, padding: .pkcs5))
    }
}
