import Foundation
import LocalAuthentication

final class BiometricAuthenticator {
    /// A fresh context per vault read, so each signing operation needs its own user-presence check.
    func makeContext() -> LAContext {
        let context = LAContext()
        context.localizedFallbackTitle = String(localized: "auth.fallback.passcode")
        context.touchIDAuthenticationAllowableReuseDuration = 0
        return context
    }

    /// `.whenUnlockedThisDeviceOnly` + `.userPresence` items can't be written without a passcode.
    var isDevicePasscodeSet: Bool {
        LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: nil)
    }

    func authenticate(reason: String) async -> Bool {
        do {
            return try await makeContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: reason)
        } catch {
            Log.app.notice("Local authentication ended: \((error as? LAError)?.code.rawValue ?? -1, privacy: .public)")
            return false
        }
    }
}
