import AuthenticationServices
import SwiftUI

struct SignInView: View {
    @ObservedObject var auth: AuthService
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        VStack(spacing: 28) {
            Spacer()
            Image(systemName: "waveform.circle.fill")
                .font(.system(size: 72))
                .foregroundStyle(.tint)
            Text("Loomcast").font(.largeTitle.bold())
            Text(L10n.signInHeadline).font(.title3).foregroundStyle(.secondary).multilineTextAlignment(.center)
            Spacer()

            AppleIDButton(style: colorScheme == .dark ? .white : .black) {
                Task { await auth.signInWithApple() }
            }
            .frame(height: 50)

            Button {
                Task { await auth.signInWithPasskey() }
            } label: {
                Label(L10n.signInWithPasskey, systemImage: "person.badge.key.fill").frame(maxWidth: .infinity, minHeight: 50)
            }
            .buttonStyle(.bordered)

            if case .failed(let message) = auth.state {
                Text(message).font(.footnote).foregroundStyle(.red)
            }
            Link("Privacy Policy", destination: URL(string: "https://loomcast.fm/legal/privacy")!).font(.footnote)
        }
        .padding(24)
        .disabled(auth.state == .working)
        .overlay { if auth.state == .working { ProgressView().controlSize(.large) } }
    }
}

/// The UIKit button keeps Apple's mandated styling and localisation.
private struct AppleIDButton: UIViewRepresentable {
    let style: ASAuthorizationAppleIDButton.Style
    let action: () -> Void

    func makeCoordinator() -> Coordinator { Coordinator(action: action) }

    func makeUIView(context: Context) -> ASAuthorizationAppleIDButton {
        let button = ASAuthorizationAppleIDButton(authorizationButtonType: .continue, authorizationButtonStyle: style)
        button.addTarget(context.coordinator, action: #selector(Coordinator.tapped), for: .touchUpInside)
        return button
    }

    func updateUIView(_ button: ASAuthorizationAppleIDButton, context: Context) {
        context.coordinator.action = action
    }

    final class Coordinator: NSObject {
        var action: () -> Void
        init(action: @escaping () -> Void) { self.action = action }
        @objc func tapped() { action() }
    }
}
