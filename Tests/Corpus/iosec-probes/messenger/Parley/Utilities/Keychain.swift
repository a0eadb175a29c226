import Foundation
import LocalAuthentication
import Security

struct KeychainError: Error, CustomStringConvertible {
    let status: OSStatus

    var description: String {
        (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
    }
}

/// Generic-password wrapper. Items default to "after first unlock, this device only";
/// callers that need something stricter pass an access control or a different class.
struct Keychain {
    let service: String
    let accessGroup: String?

    /// Shared with the notification service extension.
    static let shared = Keychain(service: "com.parley.keys", accessGroup: AppGroup.keychainGroup)
    /// App-only items.
    static let local = Keychain(service: "com.parley.local", accessGroup: nil)

    func set(_ data: Data,
             account: String,
             accessibility: CFString = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly) throws {
        let query = baseQuery(account: account)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: accessibility,
        ]
        var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let item = query.merging(attributes) { _, new in new }
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    /// Items guarded by an access control are always re-created: their ACL can't be updated in place.
    func set(_ data: Data, account: String, accessControl: SecAccessControl) throws {
        try remove(account: account)
        var item = baseQuery(account: account)
        item[kSecValueData as String] = data
        item[kSecAttrAccessControl as String] = accessControl
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    func data(account: String, context: LAContext? = nil) throws -> Data? {
        var query = baseQuery(account: account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            return result as? Data
        case errSecItemNotFound:
            return nil
        default:
            throw KeychainError(status: status)
        }
    }

    func remove(account: String) throws {
        let status = SecItemDelete(baseQuery(account: account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError(status: status)
        }
    }

    private func baseQuery(account: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup {
            query[kSecAttrAccessGroup as String] = accessGroup
        }
        return query
    }
}

enum AppGroup {
    static let identifier = "group.com.parley.shared"

    /// `$(AppIdentifierPrefix)com.parley.shared`, expanded at build time into Info.plist.
    static var keychainGroup: String {
        Bundle.main.object(forInfoDictionaryKey: "ParleyKeychainAccessGroup") as? String ?? "com.parley.shared"
    }

    static var containerURL: URL {
        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            preconditionFailure("App group \(identifier) is not configured for this target")
        }
        return url
    }

    static let defaults: UserDefaults = UserDefaults(suiteName: identifier) ?? .standard
}
