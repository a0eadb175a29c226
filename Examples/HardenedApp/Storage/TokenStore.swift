import Foundation
import LocalAuthentication
import Security

enum KeychainError: Error, Equatable {
    /// `errSecInteractionNotAllowed`: the device is locked. The item is still there; retry after unlock.
    case deviceLocked
    /// The user cancelled the Face ID / passcode sheet.
    case userCancelled
    case authenticationFailed
    case accessControlUnavailable
    case unexpectedData
    case unexpectedStatus(OSStatus)

    init(status: OSStatus) {
        switch status {
        case errSecInteractionNotAllowed: self = .deviceLocked
        case errSecUserCanceled: self = .userCancelled
        case errSecAuthFailed: self = .authenticationFailed
        default: self = .unexpectedStatus(status)
        }
    }
}

/// Keeps the refresh token in the Keychain, readable only on this device.
///
/// Without biometric unlock the item is readable while the device is unlocked. With it, the
/// token moves to a second item that only Face ID / Touch ID from the current enrolment, or the
/// device passcode, can release.
struct TokenStore {
    enum Protection {
        case unlockedDevice
        case biometry

        fileprivate var account: String {
            switch self {
            case .unlockedDevice: return "refreshToken"
            case .biometry: return "refreshToken.biometry"
            }
        }
    }

    private let service = "com.acme.wallet.session"

    /// Adds the item, or updates only its data if it exists. Accessibility and access control are
    /// fixed when an item is added; `SecItemUpdate` never gets them.
    func save(refreshToken: String, protection: Protection, context: LAContext? = nil) throws {
        let data = Data(refreshToken.utf8)

        var attributes = itemQuery(for: protection)
        attributes[kSecValueData as String] = data
        switch protection {
        case .unlockedDevice:
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .biometry:
            attributes[kSecAttrAccessControl as String] = try Self.biometryAccessControl()
        }

        let addStatus = SecItemAdd(attributes as CFDictionary, nil)
        guard addStatus == errSecDuplicateItem else {
            guard addStatus == errSecSuccess else { throw KeychainError(status: addStatus) }
            return
        }

        var query = itemQuery(for: protection)
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }
        let changes: [String: Any] = [kSecValueData as String: data]
        let updateStatus = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
        guard updateStatus == errSecSuccess else { throw KeychainError(status: updateStatus) }
    }

    /// `nil` only when no item exists. A locked device or a cancelled prompt throws and leaves
    /// the item alone: deleting here would sign the user out whenever the app wakes up locked.
    func refreshToken(protection: Protection, context: LAContext? = nil) throws -> String? {
        var query = itemQuery(for: protection)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        if let context {
            query[kSecUseAuthenticationContext as String] = context
        }

        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data, let token = String(data: data, encoding: .utf8) else {
                throw KeychainError.unexpectedData
            }
            return token
        case errSecItemNotFound:
            return nil
        default:
            throw KeychainError(status: status)
        }
    }

    func delete(protection: Protection) throws {
        let status = SecItemDelete(itemQuery(for: protection) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }

    /// Called only from an explicit sign-out.
    func deleteAll() throws {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
        ]
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }

    /// A fresh dictionary for every call, so no return or match keys leak into an add.
    private func itemQuery(for protection: Protection) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: protection.account,
        ]
    }

    /// Face ID / Touch ID of the current enrolment, or the device passcode. Adding a fingerprint
    /// or a new face invalidates the biometric half, so someone who learns the passcode cannot
    /// enrol themselves and unlock silently later; the passcode path still asks for the passcode.
    private static func biometryAccessControl() throws -> SecAccessControl {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, .devicePasscode], &error) else {
            throw KeychainError.accessControlUnavailable
        }
        return access
    }
}
