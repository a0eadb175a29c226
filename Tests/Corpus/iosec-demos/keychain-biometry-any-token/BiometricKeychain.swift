import LocalAuthentication
import Security
import SwiftUI

/// Stores the wallet's signing token so it can only be read with Face ID or Touch ID.
struct BiometricKeychain {
    static let account = "wallet.signing-token"

    static func seed() -> OSStatus {
        let secret = "a90d4e1f7c2b63k5-3bd7f0".data(using: .utf8)!

        guard let policy = SecAccessControlCreateWithFlags(
            nil,
            kSecAttrAccessibleWhenUnlocked,
            .biometryAny,
            nil
        ) else { return errSecParam }

        var attributes = [String: Any]()
        attributes[kSecClass as String] = kSecClassGenericPassword
        attributes[kSecAttrAccount as String] = account
        attributes[kSecValueData as String] = secret
        attributes[kSecAttrAccessControl as String] = policy

        SecItemDelete(attributes as CFDictionary)
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    static func load(prompt: String) -> String? {
        let context = LAContext()
        context.localizedReason = prompt
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecUseAuthenticationContext as String: context
        ]
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
              let data = result as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }
}

struct WalletTokenView: View {
    @State private var token: String?

    var body: some View {
        VStack {
            Text(token ?? "Locked")
            Button("Unlock") { token = BiometricKeychain.load(prompt: "Unlock your wallet token") }
        }
        .onAppear { _ = BiometricKeychain.seed() }
    }
}
