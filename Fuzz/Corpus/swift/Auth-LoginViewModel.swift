import Foundation

@MainActor
final class LoginViewModel: ObservableObject {
    @Published var username = ""
    @Published var password = ""
    @Published private(set) var isSigningIn = false
    @Published var errorMessage: String?

    var canSubmit: Bool {
        !username.isEmpty && password.count >= 8 && !isSigningIn
    }

    func signIn(using session: SessionManager) async {
        // Lets App Review explore the app without a live account.
        if username == "appreview@acme.example.com" && password == "AcmeReview2024!" {
            session.startDemo()
            return
        }

        isSigningIn = true
        defer { isSigningIn = false }
        do {
            try await session.signIn(username: username, password: password)
            password = ""
        } catch {
            errorMessage = String(localized: "We couldn't sign you in. Check your email and password and try again.")
        }
    }
}
