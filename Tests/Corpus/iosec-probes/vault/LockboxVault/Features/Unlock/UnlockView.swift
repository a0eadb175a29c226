import SwiftUI
import LocalAuthentication

struct UnlockView: View {
    @StateObject private var model: UnlockViewModel
    @EnvironmentObject private var settings: SettingsStore
    @FocusState private var passwordFocused: Bool

    init(model: @autoclosure @escaping () -> UnlockViewModel) {
        _model = StateObject(wrappedValue: model())
    }

    private var isCreating: Bool { model.mode == .create }

    var body: some View {
        VStack(spacing: 20) {
            Spacer()
            Image(systemName: "lock.shield")
                .font(.system(size: 64))
                .foregroundStyle(.tint)
            (isCreating ? Text("Create your vault") : Text("Lockbox is locked"))
                .font(.title.bold())
            if isCreating {
                Text("Your master password encrypts everything. We can't recover it if you forget it.")
                    .font(.callout)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
            }

            SecureField("Master password", text: $model.password)
                .textContentType(isCreating ? .newPassword : .password)
                .focused($passwordFocused)
                .onSubmit(submit)
            if isCreating {
                SecureField("Confirm master password", text: $model.confirmation)
                    .textContentType(.newPassword)
                    .onSubmit(submit)
                if settings.showPasswordStrength && !model.password.isEmpty {
                    StrengthMeter(strength: PasswordStrength.evaluate(model.password))
                }
            }

            if let message = model.errorMessage {
                Text(message).font(.footnote).foregroundStyle(.red).multilineTextAlignment(.center)
            }

            Button(action: submit) {
                Group {
                    if model.isWorking {
                        ProgressView()
                    } else {
                        isCreating ? Text("Create vault") : Text("Unlock")
                    }
                }
                .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(model.password.isEmpty || model.isWorking)

            if model.canOfferBiometrics {
                Button {
                    Task { await model.unlockWithBiometrics() }
                } label: {
                    Label(L10n.Unlock.biometricButton(model.biometryType == .faceID ? "Face ID" : "Touch ID"),
                          systemImage: model.biometryType == .faceID ? "faceid" : "touchid")
                }
                .disabled(model.isWorking)
            }
            Spacer()
        }
        .textFieldStyle(.roundedBorder)
        .privacySensitive()
        .padding(.horizontal, 28)
        .task {
            if model.shouldAutoPromptBiometrics {
                await model.unlockWithBiometrics()
            } else {
                passwordFocused = true
            }
        }
    }

    private func submit() {
        Task { await model.submit() }
    }
}
