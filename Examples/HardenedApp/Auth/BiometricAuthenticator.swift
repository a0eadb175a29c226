import LocalAuthentication

/// Describes the device's biometry and prepares the `LAContext` that Keychain reads use for
/// their prompt. There is no `evaluatePolicy` gate: the refresh token itself is protected by
/// `SecAccessControl`, so only a successful Face ID / passcode check can release it.
struct BiometricAuthenticator {
    /// "Face ID" or "Touch ID" when enrolled; `nil` when the device has no passcode or no biometry.
    var biometryName: String? {
        let context = LAContext()
        var error: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error) else { return nil }
        switch context.biometryType {
        case .faceID:
            return "Face ID"
        case .touchID:
            return "Touch ID"
        default:
            return nil
        }
    }

    func makeContext(reason: String) -> LAContext {
        let context = LAContext()
        context.localizedReason = reason
        context.localizedCancelTitle = String(localized: "Use password")
        return context
    }
}
