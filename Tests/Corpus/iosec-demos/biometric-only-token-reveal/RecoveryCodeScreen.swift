import LocalAuthentication
import UIKit

/// Shows the account recovery token after a Face ID / Touch ID check.
final class RecoveryCodeScreen: UIViewController {
    private let codeLabel = UILabel()
    private let recoveryToken = "2e7b91f04c6ad5j8-9f13ca"

    @objc func revealTapped() {
        let context = LAContext()
        context.localizedCancelTitle = "Not now"
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Show your recovery token") { [weak self] granted, error in
            DispatchQueue.main.async {
                guard let self else { return }
                if granted {
                    self.codeLabel.text = self.recoveryToken
                } else {
                    self.codeLabel.text = Self.explain(error)
                }
            }
        }
    }

    private static func explain(_ error: Error?) -> String {
        guard let code = (error as? LAError)?.code else {
            return error?.localizedDescription ?? "Authentication failed."
        }
        switch code {
        case .userCancel, .systemCancel, .appCancel:
            return "Cancelled."
        case .biometryNotEnrolled, .biometryNotAvailable:
            return "Face ID or Touch ID is not set up."
        case .biometryLockout:
            return "Too many attempts; unlock the phone with its passcode first."
        default:
            return "Authentication failed."
        }
    }
}
