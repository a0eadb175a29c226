import Foundation
import LocalAuthentication
import OSLog

enum SessionError: Error {
    /// No refresh token is left; the user has to sign in with a password or passkey again.
    case signInRequired
}

/// Owns the signed-in state. The access token lives only in memory (inside `APIClient`);
/// the refresh token lives only in the Keychain.
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
        // The password travels only inside pinned TLS; the server hashes it with a slow KDF.
        let response: LoginResponse = try await api.send(.login(username: username, password: password))
        try await start(response, context: nil)
    }

    func signIn(with assertion: PasskeyAssertion) async throws {
        let response: LoginResponse = try await api.send(.passkeyAssertion(assertion))
        try await start(response, context: nil)
    }

    /// Reads the biometry-protected refresh token (the system shows Face ID, or the passcode)
    /// and exchanges it for a fresh session.
    func unlock(context: LAContext) async throws {
        let store = tokenStore
        let refreshToken = try await Task.detached(priority: .userInitiated) {
            try store.refreshToken(protection: .biometry, context: context)
        }.value
        guard let refreshToken else { throw SessionError.signInRequired }
        let response: LoginResponse = try await api.send(.refresh(refreshToken: refreshToken))
        try await start(response, context: context)
    }

    /// Silent refresh for users without biometric unlock.
    func refresh() async throws {
        guard currentProtection == .unlockedDevice else {
            state = .locked
            return
        }
        guard let refreshToken = try tokenStore.refreshToken(protection: .unlockedDevice) else {
            endSession()
            throw SessionError.signInRequired
        }
        do {
            let response: LoginResponse = try await api.send(.refresh(refreshToken: refreshToken))
            try await start(response, context: nil)
        } catch {
            AppLogger.auth.error("Token refresh failed: \(error.localizedDescription, privacy: .public)")
            throw error
        }
    }

    /// Moves the refresh token between the plain and the biometry-protected Keychain item.
    /// Turning it off needs Face ID or the passcode, because reading the protected item does.
    func setBiometricUnlock(_ enabled: Bool, context: LAContext) async throws {
        guard enabled != Preferences.shared.biometricUnlockEnabled else { return }
        let store = tokenStore
        // Keychain calls that may show UI must stay off the main thread.
        try await Task.detached(priority: .userInitiated) {
            let from: TokenStore.Protection = enabled ? .unlockedDevice : .biometry
            let to: TokenStore.Protection = enabled ? .biometry : .unlockedDevice
            guard let token = try store.refreshToken(protection: from, context: context) else { throw SessionError.signInRequired }
            try store.save(refreshToken: token, protection: to)
            try store.delete(protection: from)
        }.value
        Preferences.shared.biometricUnlockEnabled = enabled
    }

    func lockIfNeeded() {
        guard state == .signedIn, Preferences.shared.biometricUnlockEnabled else { return }
        state = .locked
        Task { await api.setAccessToken(nil) }
    }

    func signOut() {
        try? tokenStore.deleteAll()
        Preferences.shared.biometricUnlockEnabled = false
        endSession()
    }

    private var currentProtection: TokenStore.Protection {
        Preferences.shared.biometricUnlockEnabled ? .biometry : .unlockedDevice
    }

    private func start(_ response: LoginResponse, context: LAContext?) async throws {
        let store = tokenStore
        let protection = currentProtection
        let refreshToken = response.refreshToken
        try await Task.detached(priority: .userInitiated) {
            try store.save(refreshToken: refreshToken, protection: protection, context: context)
        }.value
        try archive.save(SessionSummary(userID: response.userID, displayName: response.displayName))
        await api.setAccessToken(response.accessToken)
        AppLogger.auth.info("Started session \(response.sessionID, privacy: .private(mask: .hash))")
        displayName = response.displayName
        state = .signedIn
    }

    /// Forgets the in-memory session. Keychain items are removed only by an explicit sign-out.
    private func endSession() {
        archive.delete()
        Task { await api.setAccessToken(nil) }
        displayName = ""
        state = .signedOut
    }

    private func restore() {
        guard let summary = archive.load() else { return }
        displayName = summary.displayName
        // Access tokens are never persisted, so a relaunch starts locked until a refresh succeeds.
        state = .locked
        Breadcrumbs.drop("restored session, locked until a refresh succeeds")
    }
}
