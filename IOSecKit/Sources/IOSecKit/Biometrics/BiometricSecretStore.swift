import Foundation

/// Secrets the Keychain releases only after biometric (or passcode) authentication: the check is bound to the
/// item's decryption, not to a boolean in the app.
///
/// Items are added with `whenPasscodeSetThisDeviceOnly` and access control matching the policy
/// (`.biometryCurrentSet` or `.devicePasscode` by default; `.biometryCurrentSet` alone for biometry only, which
/// invalidates the item when enrollment changes). Every store replaces the item, so a plain item an earlier
/// version left under the same account, or one with a looser policy, does not survive it. Reading passes an
/// authentication context so the system shows the prompt.
///
/// ```swift
/// let secrets = BiometricSecretStore(service: "com.example.vault", gate: gate, backend: AppleSecItemBackend())
/// try secrets.store(Data(key), for: "vault-key")
/// let key = try await secrets.read("vault-key", reason: "Unlock your vault")
/// ```
public struct BiometricSecretStore: Sendable {
    public let gate: BiometricGate
    public let keychain: KeychainStore

    public init(service: String, accessGroup: String? = nil, gate: BiometricGate, backend: any SecItemBackend) {
        self.gate = gate
        self.keychain = KeychainStore(
            service: service, accessGroup: accessGroup,
            accessibility: .whenPasscodeSetThisDeviceOnly,
            accessControlFlags: gate.policy.accessControlFlags, backend: backend)
    }

    /// Stores `secret` under access control, replacing any item of the account (see ``KeychainStore/set(_:for:)``).
    /// Fails with ``BiometricSecretError/unavailable(_:)`` when there is no passcode (the Keychain would refuse the
    /// item).
    public func store(_ secret: Data, for account: String) throws(BiometricSecretError) {
        if gate.availability() == .passcodeNotSet { throw .unavailable(.passcodeNotSet) }
        do {
            try keychain.set(secret, for: account)
        } catch {
            throw .keychain(error)
        }
    }

    /// Reads the secret; the system prompts for biometry (or passcode) with `reason`. `nil` if there is no item.
    public func read(_ account: String, reason: String) async throws(BiometricSecretError) -> Data? {
        let context = gate.authenticator.makeContext(reason: reason)
        do {
            return try keychain.data(for: account, context: context)
        } catch {
            switch error.kind {
            case .userCancelled: throw .authentication(.cancelled(by: .user))
            case .authenticationFailed: throw .authentication(.failed)
            default: throw .keychain(error)
            }
        }
    }

    /// Authenticates once with the gate, then reads with the evaluated context (no second prompt).
    public func readAfterAuthenticating(_ account: String, reason: String) async throws(BiometricSecretError) -> Data? {
        let context: KeychainAuthenticationContext
        do {
            context = try await gate.authenticate(reason: reason)
        } catch {
            throw .authentication(error)
        }
        do {
            return try keychain.data(for: account, context: context)
        } catch {
            throw .keychain(error)
        }
    }

    public func remove(_ account: String) throws(BiometricSecretError) {
        do {
            try keychain.remove(account)
        } catch {
            throw .keychain(error)
        }
    }
}

/// Why a biometric secret could not be stored or read.
///
/// ```swift
/// catch BiometricSecretError.authentication(.cancelled) { /* stay on the lock screen */ }
/// ```
public enum BiometricSecretError: Error, Sendable, Equatable {
    case authentication(BiometricError)
    case unavailable(BiometricAvailability)
    case keychain(KeychainError)
}
