import Foundation
import Testing
@testable import IOSecKit

/// A scripted LocalAuthentication.
final class FakeAuthenticator: LocalAuthenticator, @unchecked Sendable {
    private let lock = NSLock()
    var preflightCodes: [BiometricPolicy: Int] = [:]
    var kind: BiometryKind = .faceID
    var evaluationCode: Int?
    private(set) var evaluations: [(BiometricPolicy, String)] = []

    func preflight(_ policy: BiometricPolicy) -> Int? { lock.withLock { preflightCodes[policy] } }
    func biometryKind() -> BiometryKind { lock.withLock { kind } }
    func evaluate(_ policy: BiometricPolicy, reason: String) async -> Result<
        KeychainAuthenticationContext, LocalAuthenticationFailure
    > {
        lock.withLock {
            evaluations.append((policy, reason))
            if let code = evaluationCode { return .failure(LocalAuthenticationFailure(code: code)) }
            return .success(KeychainAuthenticationContext(NSObject(), isPreAuthenticated: true))
        }
    }
    func makeContext(reason: String) -> KeychainAuthenticationContext { KeychainAuthenticationContext(NSObject()) }
}

@Suite struct BiometricGateTests {
    @Test(arguments: [
        (-1, BiometricError.failed), (-2, .cancelled(by: .user)), (-3, .fallbackRequested),
        (-4, .cancelled(by: .system)), (-5, .passcodeNotSet), (-6, .notAvailable), (-7, .notEnrolled),
        (-8, .lockedOut), (-9, .cancelled(by: .app)), (-12, .notAvailable), (-13, .notAvailable),
        (-10, .other(code: -10)), (-1004, .other(code: -1004)), (42, .other(code: 42))
    ])
    func errorCodesMapToTypedErrors(code: Int, expected: BiometricError) {
        #expect(BiometricError(localAuthenticationCode: code) == expected)
    }

    @Test func availabilityReflectsTheBiometryOnlyPreflight() {
        let fake = FakeAuthenticator()
        let gate = BiometricGate(authenticator: fake)
        #expect(gate.availability() == .available(.faceID))
        fake.preflightCodes[.biometryOnly] = -7
        #expect(gate.availability() == .notEnrolled(.faceID))
        fake.preflightCodes[.biometryOnly] = -8
        fake.kind = .touchID
        #expect(gate.availability() == .lockedOut(.touchID))
        fake.preflightCodes[.biometryOnly] = -5
        #expect(gate.availability() == .passcodeNotSet)
        fake.preflightCodes[.biometryOnly] = -6
        fake.kind = .none
        #expect(gate.availability() == .notAvailable)
    }

    @Test func defaultPolicyFallsBackToPasscodeEvenWhenBiometryIsLockedOut() async throws {
        let fake = FakeAuthenticator()
        fake.preflightCodes[.biometryOnly] = -8  // locked out, but the passcode policy still works
        let gate = BiometricGate(authenticator: fake)
        #expect(gate.policy == .biometryOrPasscode)
        let context = try await gate.authenticate(reason: "Unlock")
        #expect(context.isPreAuthenticated)
        #expect(fake.evaluations.first?.0 == .biometryOrPasscode)
        #expect(fake.evaluations.first?.1 == "Unlock")
    }

    @Test func biometryOnlyPolicyFailsFastWhenLockedOut() async {
        let fake = FakeAuthenticator()
        fake.preflightCodes[.biometryOnly] = -8
        let gate = BiometricGate(authenticator: fake, policy: .biometryOnly)
        await #expect(throws: BiometricError.lockedOut) { try await gate.authenticate(reason: "x") }
        #expect(fake.evaluations.isEmpty)
    }

    @Test func evaluationFailuresAreTyped() async {
        let fake = FakeAuthenticator()
        let gate = BiometricGate(authenticator: fake)
        fake.evaluationCode = -2
        await #expect(throws: BiometricError.cancelled(by: .user)) { try await gate.authenticate(reason: "x") }
        fake.evaluationCode = -1
        await #expect(throws: BiometricError.failed) { try await gate.authenticate(reason: "x") }
    }

    @Test func policiesMapToMatchingAccessControl() {
        #expect(BiometricPolicy.biometryOrPasscode.accessControlFlags == [.biometryCurrentSet, .or, .devicePasscode])
        #expect(BiometricPolicy.biometryOnly.accessControlFlags == .biometryCurrentSet)
    }

    // MARK: Secrets bound to the Keychain

    @Test func secretIsStoredWithAccessControlAndReleasedOnlyAfterAuthentication() async throws {
        let keychain = InMemorySecItemBackend()
        let fake = FakeAuthenticator()
        let secrets = BiometricSecretStore(
            service: "vault", gate: BiometricGate(authenticator: fake), backend: keychain)
        try secrets.store(Data("k".utf8), for: "key")
        let item = try #require(keychain.items.first)
        #expect(item.accessibility == .whenPasscodeSetThisDeviceOnly)
        #expect(item.accessControl?.flags == [.biometryCurrentSet, .or, .devicePasscode])

        #expect(try await secrets.read("key", reason: "Unlock") == Data("k".utf8))
        #expect(keychain.promptCount == 1)  // The Keychain, not the app, asked the user.

        keychain.authenticationOutcome = .userCanceled
        await #expect(throws: BiometricSecretError.authentication(.cancelled(by: .user))) {
            try await secrets.read("key", reason: "Unlock")
        }
        keychain.authenticationOutcome = .authFailed
        await #expect(throws: BiometricSecretError.authentication(.failed)) {
            try await secrets.read("key", reason: "Unlock")
        }
        #expect(keychain.items.count == 1)  // Failures never delete the secret.
    }

    @Test func readAfterAuthenticatingUsesTheEvaluatedContext() async throws {
        let keychain = InMemorySecItemBackend()
        let fake = FakeAuthenticator()
        let secrets = BiometricSecretStore(
            service: "vault", gate: BiometricGate(authenticator: fake, policy: .biometryOnly),
            backend: keychain)
        try secrets.store(Data("k".utf8), for: "key")
        #expect(keychain.items.first?.accessControl?.flags == .biometryCurrentSet)
        #expect(try await secrets.readAfterAuthenticating("key", reason: "Unlock") == Data("k".utf8))
        #expect(keychain.promptCount == 0)
        fake.evaluationCode = -2
        await #expect(throws: BiometricSecretError.authentication(.cancelled(by: .user))) {
            try await secrets.readAfterAuthenticating("key", reason: "Unlock")
        }
    }

    @Test func storingWithoutPasscodeIsRefused() {
        let fake = FakeAuthenticator()
        fake.preflightCodes[.biometryOnly] = -5
        let secrets = BiometricSecretStore(
            service: "vault", gate: BiometricGate(authenticator: fake),
            backend: InMemorySecItemBackend())
        #expect(throws: BiometricSecretError.unavailable(.passcodeNotSet)) { try secrets.store(Data([1]), for: "k") }
    }

    @Test func lockedDeviceReadSurfacesKeychainError() async throws {
        let keychain = InMemorySecItemBackend()
        let secrets = BiometricSecretStore(
            service: "vault", gate: BiometricGate(authenticator: FakeAuthenticator()),
            backend: keychain)
        try secrets.store(Data([1]), for: "k")
        keychain.isLocked = true
        await #expect(
            throws: BiometricSecretError.keychain(KeychainError(status: .interactionNotAllowed, operation: .read))
        ) {
            try await secrets.read("k", reason: "x")
        }
    }
}
