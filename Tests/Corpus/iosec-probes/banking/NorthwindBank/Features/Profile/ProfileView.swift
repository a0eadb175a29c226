import SwiftUI
import CryptoKit

enum Avatar {
    /// Gravatar-style lookup on our own avatar service. MD5 is what the URL scheme
    /// expects; it is an address-book key here, not a security control.
    static func url(for email: String, size: Int = 160) -> URL? {
        let normalized = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let digest = Insecure.MD5.hash(data: Data(normalized.utf8))
        let hash = digest.map { String(format: "%02x", $0) }.joined()
        var components = URLComponents(string: "https://avatars.northwindbank.com/avatar/\(hash)")
        components?.queryItems = [
            URLQueryItem(name: "s", value: String(size)),
            URLQueryItem(name: "d", value: "identicon"),
        ]
        return components?.url
    }
}

@MainActor
final class ProfileViewModel: ObservableObject {
    @Published private(set) var profile: UserProfile?
    @Published var biometricsEnabled: Bool
    @Published private(set) var biometryLabel: String?
    @Published var errorMessage: String?

    private unowned let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
        self.biometricsEnabled = environment.preferences.biometricsEnabled
        if case .available(let type) = environment.biometrics.availability() {
            biometryLabel = type == .faceID ? L10n.string("biometrics.face_id") : L10n.string("biometrics.touch_id")
        }
    }

    var avatarURL: URL? {
        profile.flatMap { Avatar.url(for: $0.email) }
    }

    func load() async {
        do {
            profile = try await environment.apiClient.send(API.profile())
        } catch {
            errorMessage = L10n.string("profile.error.load")
        }
    }

    func setBiometrics(enabled: Bool) async {
        if enabled {
            do {
                let keyId = try environment.authService.deviceKeyId()
                let enrolment = try await environment.apiClient.send(try API.enrolQuickUnlock(deviceKeyId: keyId))
                guard let credential = Data(base64Encoded: enrolment.credential) else {
                    throw AuthError.malformedCredential
                }
                try environment.biometrics.enrol(credential: credential)
                environment.preferences.biometricsEnabled = true
                biometricsEnabled = true
            } catch {
                biometricsEnabled = false
                errorMessage = L10n.string("biometrics.error.enrol")
            }
        } else {
            environment.biometrics.remove()
            environment.preferences.biometricsEnabled = false
            biometricsEnabled = false
        }
    }

    func signOut() async {
        await environment.signOut()
    }
}

struct ProfileView: View {
    @StateObject var viewModel: ProfileViewModel

    var body: some View {
        List {
            if let profile = viewModel.profile {
                HStack(spacing: 16) {
                    AsyncImage(url: viewModel.avatarURL) { $0.resizable().scaledToFill() } placeholder: { Color.gray }
                        .frame(width: 56, height: 56)
                        .clipShape(Circle())
                    Text(profile.displayName).font(.headline)
                }
            }
            if let label = viewModel.biometryLabel {
                Toggle(label, isOn: Binding(
                    get: { viewModel.biometricsEnabled },
                    set: { newValue in Task { await viewModel.setBiometrics(enabled: newValue) } }
                ))
            }
            NavigationLink(L10n.string("profile.help")) { HelpCenterView() }
            Button(L10n.string("profile.sign_out"), role: .destructive) { Task { await viewModel.signOut() } }
        }
        .navigationTitle(L10n.string("profile.title"))
        .task { await viewModel.load() }
    }
}
