import SwiftUI

@MainActor
final class LoginViewModel: ObservableObject {
    enum Step: Equatable {
        case identify
        case verify(LoginChallenge)
    }

    @Published var customerNumber = ""
    @Published var password = ""
    @Published var otp = ""
    @Published private(set) var step: Step = .identify
    @Published private(set) var isBusy = false
    @Published private(set) var errorMessage: String?
    @Published var showPasswordTips = false

    private unowned let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
        self.showPasswordTips = !environment.preferences.didShowPasswordTips
    }

    var canUseQuickUnlock: Bool {
        environment.preferences.biometricsEnabled && environment.biometrics.availability() != .unavailable
    }

    var otpPrompt: String {
        guard case .verify(let challenge) = step else { return "" }
        return L10n.format("login.otp.prompt.%d.%@", challenge.otpLength, challenge.otpChannel)
    }

    func dismissPasswordTips() {
        environment.preferences.didShowPasswordTips = true
        showPasswordTips = false
    }

    func continueTapped() async {
        isBusy = true
        defer { isBusy = false }
        do {
            switch step {
            case .identify:
                let trimmed = customerNumber.trimmingCharacters(in: .whitespaces)
                step = .verify(try await environment.authService.beginLogin(customerNumber: trimmed))
            case .verify(let challenge):
                let tokens = try await environment.authService.completeLogin(challenge: challenge, password: password, otp: otp)
                try await environment.session.begin(with: tokens, userId: customerNumber)
                clearSecrets()
                environment.didSignIn()
            }
            errorMessage = nil
        } catch AuthError.challengeExpired {
            step = .identify
            errorMessage = L10n.string("login.error.expired")
        } catch {
            AppLog.event(.loginFailed)
            AppLog.auth.notice("Sign-in failed for customer \(self.customerNumber, privacy: .private)")
            password = ""
            otp = ""
            errorMessage = L10n.string("login.error.generic")
        }
    }

    func quickUnlockTapped() async {
        do {
            let credential = try await environment.biometrics.unlock(reason: L10n.string("biometrics.reason.sign_in"))
            let tokens = try await environment.authService.quickLogin(credential: credential)
            let userId = await environment.session.currentUserId ?? customerNumber
            try await environment.session.begin(with: tokens, userId: userId)
            environment.didSignIn()
        } catch BiometricUnlockError.cancelled {
            return
        } catch BiometricUnlockError.notEnrolled {
            environment.preferences.biometricsEnabled = false
            errorMessage = L10n.string("biometrics.error.changed")
        } catch {
            errorMessage = L10n.string("login.error.generic")
        }
    }

    private func clearSecrets() {
        password = ""
        otp = ""
    }
}

struct LoginView: View {
    @StateObject var viewModel: LoginViewModel

    var body: some View {
        Form {
            if case .verify = viewModel.step {
                SecureField(L10n.string("login.password"), text: $viewModel.password)
                    .textContentType(.password)
                TextField(viewModel.otpPrompt, text: $viewModel.otp)
                    .textContentType(.oneTimeCode)
                    .keyboardType(.numberPad)
            } else {
                TextField(L10n.string("login.customer_number"), text: $viewModel.customerNumber)
                    .textContentType(.username)
            }
            if let message = viewModel.errorMessage {
                Text(message).foregroundStyle(.red)
            }
            Button(L10n.string("login.continue")) { Task { await viewModel.continueTapped() } }
                .disabled(viewModel.isBusy)
            if viewModel.canUseQuickUnlock {
                Button(L10n.string("login.quick_unlock")) { Task { await viewModel.quickUnlockTapped() } }
            }
        }
        .sheet(isPresented: $viewModel.showPasswordTips, onDismiss: viewModel.dismissPasswordTips) {
            Text(L10n.string("login.tips.body")).padding().presentationDetents([.medium])
        }
    }
}
