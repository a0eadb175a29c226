import SwiftUI

/// Passwordless sign-in with a passkey synced through iCloud Keychain.
struct PasskeySignInView: View {
    @EnvironmentObject private var session: SessionManager
    @StateObject private var authenticator = PasskeyAuthenticatorHolder()
    @State private var isWorking = false
    @State private var errorMessage: String?

    var body: some View {
        VStack(spacing: 24) {
            Image(systemName: "person.badge.key.fill")
                .font(.system(size: 56))
                .foregroundStyle(.tint)
            Text("Sign in with a passkey")
                .font(.title2.bold())
            Text("Use Face ID or Touch ID with the passkey you created for Acme Wallet. No password needed.")
                .multilineTextAlignment(.center)
                .foregroundStyle(.secondary)

            Button {
                Task { await signIn() }
            } label: {
                Label("Continue", systemImage: "faceid")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(isWorking)

            if let errorMessage {
                Text(errorMessage)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
        .padding(32)
        .navigationTitle("Passkey")
        .navigationBarTitleDisplayMode(.inline)
    }

    private func signIn() async {
        isWorking = true
        defer { isWorking = false }
        do {
            let challenge = try await APIClient.shared.passkeyChallenge()
            let assertion = try await authenticator.value.assert(challenge: challenge)
            try await session.signIn(with: assertion)
        } catch PasskeyAuthenticator.Failure.cancelled {
            errorMessage = nil
        } catch {
            errorMessage = String(localized: "Passkey sign-in didn't work. Try again or use your password.")
        }
    }
}

/// Keeps one authenticator alive for the lifetime of the screen.
@MainActor
private final class PasskeyAuthenticatorHolder: ObservableObject {
    let value = PasskeyAuthenticator()
}
