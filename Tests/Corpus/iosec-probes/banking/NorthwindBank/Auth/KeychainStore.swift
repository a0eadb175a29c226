import Foundation
import Security

enum KeychainError: Error, Equatable {
    /// The item exists but cannot be read right now (device locked, app in background
    /// before first unlock). Callers must treat this as "try later", never as "missing".
    case interactionNotAllowed
    case unexpectedData
    case unhandled(OSStatus)
}

final class KeychainStore {
    enum Item: String, CaseIterable {
        case accessToken = "session.access-token"
        case statementMasterKey = "statements.master-key"
        case deviceEnrolmentId = "device.enrolment-id"
    }

    private let service: String
    private let accessGroup: String?

    init(service: String, accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    // MARK: - Write

    func set(_ data: Data, for item: Item) throws {
        let query = baseQuery(for: item)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        ]

        let updateStatus = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        switch updateStatus {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            let insert = query.merging(attributes) { _, new in new }
            let addStatus = SecItemAdd(insert as CFDictionary, nil)
            guard addStatus == errSecSuccess else { throw Self.error(for: addStatus) }
        default:
            throw Self.error(for: updateStatus)
        }
    }

    // MARK: - Read

    func data(for item: Item) throws -> Data? {
        var query = baseQuery(for: item)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne

        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw KeychainError.unexpectedData }
            return data
        case errSecItemNotFound:
            return nil
        default:
            throw Self.error(for: status)
        }
    }

    // MARK: - Delete

    func remove(_ item: Item) throws {
        let status = SecItemDelete(baseQuery(for: item) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw Self.error(for: status)
        }
    }

    func removeAll() throws {
        for item in Item.allCases {
            try remove(item)
        }
    }

    // MARK: - Helpers

    private func baseQuery(for item: Item) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: item.rawValue,
            kSecAttrSynchronizable as String: kCFBooleanFalse as Any,
        ]
        if let accessGroup {
            query[kSecAttrAccessGroup as String] = accessGroup
        }
        return query
    }

    private static func error(for status: OSStatus) -> KeychainError {
        switch status {
        case errSecInteractionNotAllowed:
            return .interactionNotAllowed
        default:
            return .unhandled(status)
        }
    }
}
