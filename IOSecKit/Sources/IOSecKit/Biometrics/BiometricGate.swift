import Foundation

/// Biometric availability and authentication with typed errors.
///
/// Prefer ``BiometricSecretStore``: a boolean "the user passed Face ID" can be flipped by anyone who hooks the
/// app; a secret the Keychain only releases after biometric authentication cannot.
///
/// ```swift
/// let gate = BiometricGate(authenticator: LAContextAuthenticator())
/// guard case .available = gate.availability() else { return showPasswordLogin() }
/// do {
///     _ = try await gate.authenticate(reason: "Unlock your account")
/// } catch .cancelled {
///     // Not a failure.
/// } catch {
///     show(error.description)
/// }
/// ```
public struct BiometricGate: Sendable {
    public let authenticator: any LocalAuthenticator
    /// Passcode fallback by default.
    public let policy: BiometricPolicy

    public init(authenticator: any LocalAuthenticator, policy: BiometricPolicy = .biometryOrPasscode) {
        self.authenticator = authenticator
        self.policy = policy
    }

    /// The state of biometry (always checked with the biometry-only policy, so a passcode does not mask it).
    public func availability() -> BiometricAvailability {
        let code = authenticator.preflight(.biometryOnly)
        let kind = authenticator.biometryKind()
        guard let code else { return .available(kind) }
        switch BiometricError(localAuthenticationCode: code) {
        case .notEnrolled: return .notEnrolled(kind)
        case .lockedOut: return .lockedOut(kind)
        case .passcodeNotSet: return .passcodeNotSet
        default: return .notAvailable
        }
    }

    /// Asks the user to authenticate under ``policy``; returns the evaluated context, which can be handed to the
    /// Keychain to read an access-controlled item without a second prompt.
    public func authenticate(reason: String) async throws(BiometricError) -> KeychainAuthenticationContext {
        if let code = authenticator.preflight(policy) { throw BiometricError(localAuthenticationCode: code) }
        switch await authenticator.evaluate(policy, reason: reason) {
        case .success(let context): return context
        case .failure(let failure): throw BiometricError(localAuthenticationCode: failure.code)
        }
    }
}
