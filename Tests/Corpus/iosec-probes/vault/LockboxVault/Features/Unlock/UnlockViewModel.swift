import Foundation
import LocalAuthentication

@MainActor
final class UnlockViewModel: ObservableObject {
    enum Mode { case unlock, create }

    static let minimumMasterPasswordLength = 12

    @Published var password = ""
    @Published var confirmation = ""
    @Published private(set) var isWorking = false
    @Published var errorMessage: String?

    let mode: Mode
    private let session: VaultSession
    private let settings: SettingsStore
    private var failures = 0
    private var retryNotBefore = Date.distantPast

    init(mode: Mode, session: VaultSession, settings: SettingsStore) {
        self.mode = mode
        self.session = session
        self.settings = settings
    }

    var biometryType: LABiometryType {
        let context = LAContext()
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        return context.biometryType
    }

    var canOfferBiometrics: Bool {
        mode == .unlock && session.isBiometricUnlockEnrolled && biometryType != .none
    }

    var shouldAutoPromptBiometrics: Bool {
        canOfferBiometrics && settings.biometricUnlockEnabled
    }

    func submit() async {
        guard !isWorking else { return }
        if mode == .create, password.count < Self.minimumMasterPasswordLength {
            errorMessage = L10n.Unlock.tooShort(Self.minimumMasterPasswordLength)
            return
        }
        if mode == .create, password != confirmation {
            errorMessage = L10n.Unlock.mismatch
            return
        }
        if retryNotBefore > .now {
            errorMessage = L10n.Unlock.retryAfter(Int(retryNotBefore.timeIntervalSinceNow.rounded(.up)))
            return
        }

        let candidate = password
        password = ""
        confirmation = ""
        errorMessage = nil
        isWorking = true
        defer { isWorking = false }
        do {
            if mode == .create {
                try await session.createVault(masterPassword: candidate)
            } else {
                try await session.unlock(masterPassword: candidate)
            }
            failures = 0
        } catch VaultSessionError.wrongPassword {
            // Free retries for the first two mistakes, then 5 s doubling up to 5 minutes.
            failures += 1
            if failures >= 3 {
                retryNotBefore = Date().addingTimeInterval(min(300, 5 * pow(2, Double(failures - 3))))
            }
            errorMessage = L10n.Unlock.wrongPassword
            Log.vault.notice("Master password rejected (\(self.failures) consecutive failures)")
        } catch {
            Log.vault.failure(mode == .create ? "Create vault" : "Unlock", error)
            errorMessage = (error as? LocalizedError)?.errorDescription ?? L10n.Common.unexpectedError
        }
    }

    func unlockWithBiometrics() async {
        guard canOfferBiometrics, !isWorking else { return }
        let context = LAContext()
        context.localizedFallbackTitle = L10n.Unlock.useMasterPassword

        isWorking = true
        defer { isWorking = false }
        do {
            _ = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: L10n.Unlock.biometricReason)
            try session.unlockWithBiometrics(context: context)
        } catch let error as LAError where [LAError.Code.userCancel, .userFallback, .appCancel, .systemCancel].contains(error.code) {
            return
        } catch {
            Log.vault.failure("Biometric unlock", error)
            // A changed biometric set invalidates the Keychain item: drop the stale enrollment.
            if (error as? KeychainError) == .itemNotFound {
                session.disableBiometricUnlock()
            }
            errorMessage = L10n.Unlock.biometricFailed
        }
    }
}
