import Foundation
import Security

enum PasswordKeychain {
    static func store(password: String, account: String) -> Bool {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "com.example.field.login",
            kSecAttrAccount as String: account,
            kSecValueData as String: Data(password.utf8),
        ]
        return SecItemAdd(query as CFDictionary, nil) == errSecSuccess
    }
}
