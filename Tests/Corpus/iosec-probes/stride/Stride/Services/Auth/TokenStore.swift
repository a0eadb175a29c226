import Foundation

struct OAuthCredential: Codable, Equatable {
    let accessToken: String
    let refreshToken: String
    let expiresAt: Date
    let scope: String?

    var isExpired: Bool { expiresAt.addingTimeInterval(-60) < Date() }
}

/// Owns the Stride session credential. Third-party (Garmin/Strava) tokens never reach the
/// device; the backend keeps them after the code exchange.
final class TokenStore: AccessTokenProviding {
    private enum Account {
        static let session = "session.credential"
    }

    private let keychain: KeychainStore
    private let preferences: Preferences
    private let refreshClient: APIClientProtocol
    private var cached: OAuthCredential?
    private var inFlightRefresh: Task<OAuthCredential, Error>?
    private let lock = NSLock()

    var onSignedOut: (() -> Void)?

    init(keychain: KeychainStore, preferences: Preferences, refreshClient: APIClientProtocol) {
        self.keychain = keychain
        self.preferences = preferences
        self.refreshClient = refreshClient
        self.cached = try? keychain.codable(OAuthCredential.self, for: Account.session)
    }

    var isSignedIn: Bool {
        lock.withLock { cached != nil }
    }

    func save(_ credential: OAuthCredential) throws {
        try keychain.setCodable(credential, for: Account.session, accessibility: .afterFirstUnlockThisDeviceOnly)
        lock.withLock { cached = credential }
        preferences.lastTokenRefresh = Date()
    }

    func clear() {
        try? keychain.delete(Account.session)
        lock.withLock { cached = nil }
        preferences.resetForSignOut()
        onSignedOut?()
    }

    // MARK: AccessTokenProviding

    func currentAccessToken() -> String? {
        lock.withLock { cached?.accessToken }
    }

    func refreshAccessToken() async throws -> String {
        if let existing = lock.withLock({ inFlightRefresh }) {
            return try await existing.value.accessToken
        }

        guard let refreshToken = lock.withLock({ cached?.refreshToken }) else {
            throw APIError.unauthorized
        }

        let task = Task<OAuthCredential, Error> {
            try await refreshClient.send(API.refreshSession(refreshToken: refreshToken))
        }
        lock.withLock { inFlightRefresh = task }
        defer { lock.withLock { inFlightRefresh = nil } }

        do {
            let credential = try await task.value
            try save(credential)
            Log.auth.info("Session refreshed; expires in \(Int(credential.expiresAt.timeIntervalSinceNow), privacy: .public)s")
            return credential.accessToken
        } catch APIError.unauthorized {
            Log.auth.notice("Refresh rejected, signing out")
            clear()
            throw APIError.unauthorized
        }
    }

    /// Called from the BGAppRefreshTask so the watch never sees an expired session.
    func refreshIfStale(maxAge: TimeInterval = 6 * 60 * 60) async {
        let last = preferences.lastTokenRefresh ?? .distantPast
        guard Date().timeIntervalSince(last) > maxAge || (lock.withLock { cached?.isExpired } ?? false) else {
            return
        }
        do {
            _ = try await refreshAccessToken()
        } catch {
            Log.auth.error("Background refresh failed: \(error.localizedDescription, privacy: .public)")
        }
    }
}
