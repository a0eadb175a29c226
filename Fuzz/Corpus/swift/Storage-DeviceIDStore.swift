import Foundation
import Security

/// A per-install identifier kept in the Keychain so it survives reinstalls.
enum DeviceIDStore {
    static func deviceID() -> String {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.acme.wallet.device",
            kSecReturnData as String: true,
        ]
        var item: CFTypeRef?
        if SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data {
            return String(decoding: data, as: UTF8.self)
        }
        let id = UUID().uuidString
        query[kSecValueData as String] = Data(id.utf8)
        query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        SecItemAdd(query as CFDictionary, nil)
        return id
    }
}
