import LocalAuthentication
import SwiftUI

/// Tells the onboarding screen whether the phone has a passcode, which the app requires.
final class DeviceLockStatus: ObservableObject {
    @Published private(set) var hasPasscode = false
    @Published private(set) var detail = ""

    func refresh() {
        let context = LAContext()
        var problem: NSError?
        hasPasscode = context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &problem)
        if let problem, problem.code == LAError.passcodeNotSet.rawValue {
            detail = "Set a device passcode in Settings to continue."
        } else {
            detail = hasPasscode ? "Passcode found." : "Could not check the passcode."
        }
    }
}

struct PasscodeRequirementView: View {
    @StateObject private var status = DeviceLockStatus()

    var body: some View {
        Label(status.detail, systemImage: status.hasPasscode ? "lock.fill" : "lock.open")
            .onAppear { status.refresh() }
    }
}
