import SwiftUI

struct LockScreenView: View {
    @EnvironmentObject private var session: SessionManager
    @State private var message: String?
    @State private var isUnlocking = false

    private let authenticator = BiometricAuthenticator()

    var body: some View {
        VStack(spacing: 24) {
            Image(systemName: "lock.fill")
                .font(.system(size: 48))
            Text("Welcome back, \(session.displayName)")
                .font(.title2.bold())

            Button {
                Task { await unlock() }
            } label: {
                Label(unlockTitle, systemImage: "lock.open")
            }
            .buttonStyle(.borderedProminent)
            .disabled(isUnlocking)

            if let message {
                Text(message)
                    .multilineTextAlignment(.center)
                    .foregroundStyle(.secondary)
            }

            Button("Sign in with your password instead") {
                session.signOut()
            }
        }
        .padding()
        .task { await unlock() }
    }

    private var unlockTitle: String {
        guard Preferences.shared.biometricUnlockEnabled else { return String(localized: "Continue") }
        return String(localized: "Unlock with \(authenticator.biometryName ?? String(localized: "passcode"))")
    }

    private func unlock() async {
        isUnlocking = true
        defer { isUnlocking = false }
        do {
            if Preferences.shared.biometricUnlockEnabled {
                try await session.unlock(context: authenticator.makeContext(reason: String(localized: "Unlock Acme Wallet")))
            } else {
                try await session.refresh()
            }
            message = nil
        } catch KeychainError.userCancelled {
            message = nil
        } catch KeychainError.deviceLocked {
            message = String(localized: "Unlock your iPhone, then try again.")
        } catch SessionError.signInRequired {
            message = String(localized: "Your session has ended. Sign in with your password.")
        } catch {
            message = String(localized: "We couldn't unlock Acme Wallet. Check your connection and try again.")
        }
    }
}
