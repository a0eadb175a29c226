import Foundation
import LocalAuthentication
import Security

enum KeychainError: Error, Equatable {
    case itemNotFound
    case accessControl
    case unexpectedStatus(OSStatus)

    init(status: OSStatus) {
        self = status == errSecItemNotFound ? .itemNotFound : .unexpectedStatus(status)
    }
}

/// Generic-password items for one service in the shared access group. Shared with the extension.
struct KeychainStore {
    static let vaultService = "com.lockboxvault.vault"

    let service: String
    let accessGroup: String?

    /// Readable only after Face ID / Touch ID with the currently enrolled biometrics, only
    /// on a device with a passcode, and never restored to another device.
    func setBiometryProtected(_ data: Data, account: String) throws {
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil
        ) else {
            throw KeychainError.accessControl
        }
        try delete(account: account)
        var attributes = baseQuery(account: account)
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessControl as String] = access
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    /// Pass an already evaluated `LAContext` for biometry-protected items so the
    /// system doesn't prompt a second time.
    func read(account: String, context: LAContext? = nil) throws -> Data {
        var query = baseQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return data
    }

    /// Checks for an item without triggering any authentication UI.
    func contains(account: String) -> Bool {
        let context = LAContext()
        context.interactionNotAllowed = true
        var query = baseQuery(account: account)
        query[kSecUseAuthenticationContext as String] = context
        let status = SecItemCopyMatching(query as CFDictionary, nil)
        return status == errSecSuccess || status == errSecInteractionNotAllowed
    }

    func delete(account: String) throws {
        let status = SecItemDelete(baseQuery(account: account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }

    private func baseQuery(account: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }
}
