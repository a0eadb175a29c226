import Foundation
import LocalAuthentication
import Security

enum BiometricUnlockError: Error, Equatable {
    case notEnrolled
    case cancelled
    case failed
    case accessControl
    case unhandled(OSStatus)
}

/// Stores the quick-unlock credential in a Keychain item that can only be read after a
/// successful Face ID / Touch ID match on the *current* biometric set. There is no
/// boolean "unlocked" flag: the secret itself is only released by the Secure Enclave.
final class BiometricUnlock {
    enum Availability: Equatable {
        case available(LABiometryType)
        case notEnrolled
        case unavailable
    }

    private let service = "com.northwindbank.quick-unlock"
    private let account = "quick-unlock-credential"

    func availability() -> Availability {
        let context = LAContext()
        var error: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
            if let code = error.map({ LAError.Code(rawValue: $0.code) }), code == .biometryNotEnrolled {
                return .notEnrolled
            }
            return .unavailable
        }
        return .available(context.biometryType)
    }

    func enrol(credential: Data) throws {
        var cfError: Unmanaged<CFError>?
        guard let accessControl = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .biometryCurrentSet,
            &cfError
        ) else {
            throw BiometricUnlockError.accessControl
        }

        SecItemDelete(baseQuery() as CFDictionary)

        var attributes = baseQuery()
        attributes[kSecValueData as String] = credential
        attributes[kSecAttrAccessControl as String] = accessControl
        let status = SecItemAdd(attributes as CFDictionary, nil)
        guard status == errSecSuccess else { throw BiometricUnlockError.unhandled(status) }
    }

    func unlock(reason: String) async throws -> Data {
        let context = LAContext()
        context.localizedReason = reason
        context.localizedCancelTitle = L10n.string("biometrics.use_password")
        context.localizedFallbackTitle = ""

        var query = baseQuery()
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        query[kSecUseAuthenticationContext as String] = context
        let lookup = query

        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                var result: CFTypeRef?
                let status = SecItemCopyMatching(lookup as CFDictionary, &result)
                switch status {
                case errSecSuccess:
                    if let data = result as? Data {
                        AppLog.event(.biometricUnlockSucceeded)
                        continuation.resume(returning: data)
                    } else {
                        continuation.resume(throwing: BiometricUnlockError.failed)
                    }
                case errSecUserCanceled:
                    AppLog.event(.biometricUnlockCancelled)
                    continuation.resume(throwing: BiometricUnlockError.cancelled)
                case errSecAuthFailed:
                    continuation.resume(throwing: BiometricUnlockError.failed)
                case errSecItemNotFound:
                    // Also returned after the biometric set changed (.biometryCurrentSet).
                    continuation.resume(throwing: BiometricUnlockError.notEnrolled)
                default:
                    continuation.resume(throwing: BiometricUnlockError.unhandled(status))
                }
            }
        }
    }

    func remove() {
        SecItemDelete(baseQuery() as CFDictionary)
    }

    private func baseQuery() -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}
