import Foundation
import Security

/// Keeps the partner API token in the Keychain behind a user-presence check.
final class TokenVault {
    enum VaultError: Error { case accessControl, status(OSStatus) }

    private let service = "com.example.tripplanner.partner"
    private let bootstrapToken = Data("51c0e9a7d3b8f24h-e60b19".utf8)

    private func presenceControl() throws -> SecAccessControl {
        var error: Unmanaged<CFError>?
        guard let control = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenUnlocked,
            .userPresence,
            &error
        ) else {
            throw VaultError.accessControl
        }
        return control
    }

    func install() throws {
        let control = try presenceControl()
        let item: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecAttrAccessControl: control,
            kSecValueData: bootstrapToken
        ]
        SecItemDelete(item as CFDictionary)
        let status = SecItemAdd(item as CFDictionary, nil)
        if status != errSecSuccess {
            throw VaultError.status(status)
        }
    }

    func read() throws -> String {
        let query: [CFString: Any] = [
            kSecClass: kSecClassGenericPassword,
            kSecAttrService: service,
            kSecReturnData: true,
            kSecMatchLimit: kSecMatchLimitOne
        ]
        var found: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &found)
        guard status == errSecSuccess, let data = found as? Data else {
            throw VaultError.status(status)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
