#if canImport(LocalAuthentication)
import Foundation
import LocalAuthentication

/// ``LocalAuthenticator`` backed by `LAContext`. A new context is used per call so no evaluation is reused by
/// accident.
public struct LAContextAuthenticator: LocalAuthenticator {
    public init() {}

    public func preflight(_ policy: BiometricPolicy) -> Int? {
        var error: NSError?
        let context = LAContext()
        return context.canEvaluatePolicy(Self.laPolicy(policy), error: &error) ? nil : (error?.code ?? -6)
    }

    public func biometryKind() -> BiometryKind {
        let context = LAContext()
        var error: NSError?
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
        switch context.biometryType {
        case .touchID: return .touchID
        case .faceID: return .faceID
        case .none: return .none
        default:
            // A type added after Optic ID must not be reported as Optic ID.
            if #available(iOS 17.0, macOS 14.0, *), context.biometryType == .opticID { return .opticID }
            return .none
        }
    }

    public func evaluate(
        _ policy: BiometricPolicy, reason: String
    ) async -> Result<KeychainAuthenticationContext, LocalAuthenticationFailure> {
        let context = LAContext()
        // The Sendable box is captured instead of the LAContext itself.
        let evaluated = KeychainAuthenticationContext(context, isPreAuthenticated: true)
        return await withCheckedContinuation { continuation in
            context.evaluatePolicy(Self.laPolicy(policy), localizedReason: reason) { success, error in
                if success {
                    continuation.resume(returning: .success(evaluated))
                } else {
                    continuation.resume(
                        returning: .failure(LocalAuthenticationFailure(code: (error as NSError?)?.code ?? -1)))
                }
            }
        }
    }

    public func makeContext(reason: String) -> KeychainAuthenticationContext {
        let context = LAContext()
        context.localizedReason = reason
        return KeychainAuthenticationContext(context)
    }

    static func laPolicy(_ policy: BiometricPolicy) -> LAPolicy {
        switch policy {
        case .biometryOrPasscode: return .deviceOwnerAuthentication
        case .biometryOnly: return .deviceOwnerAuthenticationWithBiometrics
        }
    }
}
#endif
