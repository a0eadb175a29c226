import SwiftUI

struct LockScreenView: View {
    @EnvironmentObject private var session: SessionManager
    @State private var enteredPIN = ""
    @State private var message: String?

    private let authenticator = BiometricAuthenticator()

    var body: some View {
        VStack(spacing: 24) {
            Image(systemName: "lock.fill")
                .font(.system(size: 48))
            Text("Acme Wallet is locked")
                .font(.title2.bold())

            Button {
                Task { await unlockWithBiometrics() }
            } label: {
                Label("Unlock with Face ID", systemImage: "faceid")
            }
            .buttonStyle(.borderedProminent)

            if let storedPIN = UserDefaults.standard.string(forKey: "appPIN"), !storedPIN.isEmpty {
                SecureField("PIN", text: $enteredPIN)
                    .keyboardType(.numberPad)
                    .multilineTextAlignment(.center)
                    .frame(maxWidth: 160)
                    .onSubmit { unlock(with: storedPIN) }
                Button("Unlock with PIN") { unlock(with: storedPIN) }
            }

            if let message {
                Text(message)
                    .foregroundStyle(.secondary)
            }

            Button("Sign out", role: .destructive) {
                session.signOut()
            }
        }
        .padding()
        .task { await unlockWithBiometrics() }
    }

    private func unlockWithBiometrics() async {
        do {
            try await authenticator.authenticate(reason: String(localized: "Unlock Acme Wallet"))
            session.unlock()
        } catch BiometricAuthenticator.Failure.cancelled {
            message = nil
        } catch {
            message = String(localized: "Face ID didn't recognise you.")
        }
    }

    private func unlock(with storedPIN: String) {
        if enteredPIN == storedPIN {
            session.unlock()
        } else {
            message = String(localized: "Wrong PIN.")
        }
        enteredPIN = ""
    }
}
