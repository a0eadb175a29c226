import Foundation
import LocalAuthentication
import Security

enum BiometricGateError: LocalizedError {
    case notAvailable
    case accessControl
    case cancelled

    var errorDescription: String? {
        switch self {
        case .notAvailable: return NSLocalizedString("biometric.unavailable", comment: "")
        case .accessControl: return NSLocalizedString("biometric.error", comment: "")
        case .cancelled: return nil
        }
    }
}

/// Guards the coach-history key with Face ID / Touch ID. The key itself is stored with a
/// biometry-bound access control, so the Secure Enclave — not an in-app flag — decides.
final class BiometricGate {
    private static let account = "coach.history.key"
    private let keychain: KeychainStore

    init(keychain: KeychainStore) {
        self.keychain = keychain
    }

    var biometryType: LABiometryType {
        let context = LAContext()
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        return context.biometryType
    }

    func provisionKeyIfNeeded() throws {
        do {
            _ = try keychain.data(for: Self.account, context: nonInteractiveContext())
            return
        } catch KeychainError.unexpectedStatus(errSecInteractionNotAllowed) {
            return // exists, just needs the user
        } catch KeychainError.itemNotFound {
            // fall through and create it
        }

        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(
            kCFAllocatorDefault,
            kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
            .biometryCurrentSet,
            &error
        ) else {
            throw BiometricGateError.accessControl
        }

        var key = Data(count: 32)
        let status = key.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 32, $0.baseAddress!) }
        guard status == errSecSuccess else { throw BiometricGateError.accessControl }
        try keychain.set(key, for: Self.account, accessControl: access)
    }

    /// Returns the history key; the keychain read itself triggers the biometric prompt.
    func unlockHistoryKey(reason: String) async throws -> Data {
        let context = LAContext()
        context.localizedReason = reason
        context.localizedFallbackTitle = ""
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    let key = try self.keychain.data(for: Self.account, context: context, prompt: reason)
                    continuation.resume(returning: key)
                } catch KeychainError.unexpectedStatus(errSecUserCanceled) {
                    continuation.resume(throwing: BiometricGateError.cancelled)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private func nonInteractiveContext() -> LAContext {
        let context = LAContext()
        context.interactionNotAllowed = true
        return context
    }
}
