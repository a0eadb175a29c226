import Foundation
import LocalAuthentication
import Security

/// Payout token kept in the Keychain; the app asks for Face ID itself before reading it.
class PayoutTokenStore {
    private let account = "payouts.api-token"

    private var baseQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]
    }

    func provision() -> Bool {
        let payoutToken = "0b6e2d95fa71c38m-4d82e7".data(using: .utf8)!
        var item = baseQuery
        item[kSecValueData as String] = payoutToken
        item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
        SecItemDelete(item as CFDictionary)
        return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
    }

    func withToken(_ use: @escaping (String?) -> Void) {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Confirm it's you to see payouts") { ok, _ in
            guard ok else {
                DispatchQueue.main.async { use(nil) }
                return
            }
            let token = self.fetch()
            DispatchQueue.main.async { use(token) }
        }
    }

    private func fetch() -> String? {
        var query = baseQuery
        query[kSecReturnData as String] = kCFBooleanTrue
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var out: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &out) == errSecSuccess, let data = out as? Data else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }
}
