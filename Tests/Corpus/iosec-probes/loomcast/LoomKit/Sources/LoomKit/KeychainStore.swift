import Foundation
import Security

public enum SharedKeychain {
    public static let service = "fm.loomcast.auth"
    public static let accessTokenAccount = "session.accessToken"
    public static let profileAccount = "session.profile"

    /// `$(AppIdentifierPrefix)fm.loomcast.shared`, expanded into Info.plist at build time.
    public static func accessGroup(in bundle: Bundle = .main) -> String? {
        guard let group = bundle.object(forInfoDictionaryKey: "LCKeychainAccessGroup") as? String,
              !group.hasPrefix("$(") else { return nil }
        return group
    }
}

/// Generic-password items shared by the app and the widget. They use
/// `AfterFirstUnlockThisDeviceOnly` because background downloads and widget
/// reloads run while the device is locked; `ThisDeviceOnly` keeps them out of backups.
public struct KeychainStore: Sendable {
    public enum KeychainError: Error {
        case unexpectedStatus(OSStatus)
    }

    public let service: String
    public let accessGroup: String?

    public init(service: String = SharedKeychain.service, accessGroup: String? = SharedKeychain.accessGroup()) {
        self.service = service
        self.accessGroup = accessGroup
    }

    public func data(for account: String) throws -> Data? {
        var query = baseQuery(account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne

        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        switch status {
        case errSecSuccess: return item as? Data
        case errSecItemNotFound: return nil
        default: throw KeychainError.unexpectedStatus(status)
        }
    }

    public func string(for account: String) throws -> String? {
        try data(for: account).flatMap { String(data: $0, encoding: .utf8) }
    }

    public func set(_ data: Data, for account: String) throws {
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        ]
        var status = SecItemUpdate(baseQuery(account) as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let insert = baseQuery(account).merging(attributes) { _, new in new }
            status = SecItemAdd(insert as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw KeychainError.unexpectedStatus(status) }
    }

    public func removeValue(for account: String) throws {
        let status = SecItemDelete(baseQuery(account) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw KeychainError.unexpectedStatus(status)
        }
    }

    private func baseQuery(_ account: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account
        ]
        if let accessGroup {
            query[kSecAttrAccessGroup as String] = accessGroup
        }
        return query
    }
}
