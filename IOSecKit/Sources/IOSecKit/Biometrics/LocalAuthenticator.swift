/// The LocalAuthentication calls ``BiometricGate`` needs, so its policy and error mapping run on Linux.
///
/// ``LAContextAuthenticator`` implements it with `LAContext` on Apple platforms.
///
/// ```swift
/// struct AlwaysLockedOut: LocalAuthenticator { /* preflight returns -8 … */ }
/// let gate = BiometricGate(authenticator: AlwaysLockedOut())
/// ```
public protocol LocalAuthenticator: Sendable {
    /// `canEvaluatePolicy`: `nil` if the policy can be evaluated, else the `LAError.Code` raw value.
    func preflight(_ policy: BiometricPolicy) -> Int?
    /// `biometryType`, read after a preflight (LocalAuthentication fills it in then).
    func biometryKind() -> BiometryKind
    /// `evaluatePolicy`: the evaluated context on success, else the `LAError.Code` raw value.
    func evaluate(_ policy: BiometricPolicy, reason: String) async -> Result<
        KeychainAuthenticationContext, LocalAuthenticationFailure
    >
    /// A fresh context carrying `reason`, for the Keychain to prompt with.
    func makeContext(reason: String) -> KeychainAuthenticationContext
}

/// An `LAError.Code` raw value as an `Error`.
///
/// ```swift
/// return .failure(LocalAuthenticationFailure(code: -2))  // user cancelled
/// ```
public struct LocalAuthenticationFailure: Error, Sendable, Equatable {
    public let code: Int
    public init(code: Int) { self.code = code }
}
