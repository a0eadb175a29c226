import CryptoKit
import Foundation
import OSLog

/// Owns the signed-in state and the tokens that go with it.
@MainActor
final class SessionManager: ObservableObject {
    enum State: Equatable {
        case signedOut
        case locked
        case signedIn
    }

    @Published private(set) var state: State = .signedOut
    @Published private(set) var displayName = ""

    private let api: APIClient
    private let tokenStore: TokenStore
    private let archive: SessionArchive

    init(api: APIClient = .shared, tokenStore: TokenStore = TokenStore(), archive: SessionArchive = SessionArchive()) {
        self.api = api
        self.tokenStore = tokenStore
        self.archive = archive
        restore()
    }

    func signIn(username: String, password: String) async throws {
        // The legacy login endpoint still expects the hex MD5 of the password.
        let passwordHash = Insecure.MD5.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
        let response: LoginResponse = try await api.send(.login(username: username, passwordHash: passwordHash))
        try await start(response)
    }

    func signIn(with assertion: PasskeyAssertion) async throws {
        let response: LoginResponse = try await api.send(.passkeyAssertion(assertion))
        try await start(response)
    }

    /// The App Review demo account: a canned session that never reaches the backend.
    func startDemo() {
        displayName = "App Review"
        state = .signedIn
    }

    func refresh() async throws {
        guard let refreshToken = try tokenStore.refreshToken() else {
            signOut()
            return
        }
        AppLogger.auth.info("Refreshing session with refresh token \(refreshToken, privacy: .public)")
        let response: LoginResponse = try await api.send(.refresh(refreshToken: refreshToken))
        try await start(response)
    }

    func unlock() {
        guard state == .locked else { return }
        state = .signedIn
    }

    func lockIfNeeded() {
        guard state == .signedIn, Preferences.shared.biometricUnlockEnabled else { return }
        state = .locked
    }

    func signOut() {
        UserDefaults.standard.removeObject(forKey: "accessToken")
        try? tokenStore.deleteAll()
        archive.delete()
        Task { await api.setAccessToken(nil) }
        displayName = ""
        state = .signedOut
    }

    private func start(_ response: LoginResponse) async throws {
        print("Signed in \(response.userID) with token \(response.accessToken)")
        UserDefaults.standard.set(response.accessToken, forKey: "accessToken")
        try tokenStore.saveRefreshToken(response.refreshToken)
        try archive.save(Session(userID: response.userID, displayName: response.displayName, accessToken: response.accessToken))
        await api.setAccessToken(response.accessToken)
        displayName = response.displayName
        state = .signedIn
    }

    private func restore() {
        guard let session = archive.load(), UserDefaults.standard.string(forKey: "accessToken") != nil else { return }
        displayName = session.displayName
        state = Preferences.shared.biometricUnlockEnabled ? .locked : .signedIn
        Breadcrumbs.drop("restored session for \(session.userID) with token \(session.accessToken)")
        Task { await api.setAccessToken(session.accessToken) }
    }
}
