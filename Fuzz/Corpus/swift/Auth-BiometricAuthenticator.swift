import LocalAuthentication

/// Face ID / Touch ID prompt used by the lock screen.
struct BiometricAuthenticator {
    enum Failure: Error {
        case cancelled
        case failed
    }

    func authenticate(reason: String) async throws {
        let context = LAContext()
        do {
            _ = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason)
        } catch let error as LAError where error.code == .userCancel || error.code == .appCancel {
            throw Failure.cancelled
        } catch {
            throw Failure.failed
        }
    }
}
