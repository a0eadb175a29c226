import Foundation

enum SessionError: Error {
    case signedOut
    case refreshExpired
    case deviceLocked
}

actor SessionManager: AccessTokenProviding {
    private struct StoredAccessToken: Codable {
        let value: String
        let expiresAt: Date
    }

    private struct SessionSnapshot: Codable {
        let userId: String
        let sessionId: String
        let refreshToken: String
        let refreshExpiresAt: Date
    }

    private static let snapshotKey = "nw.session.snapshot.v2"
    private static let refreshLeeway: TimeInterval = 60

    private let keychain: KeychainStore
    private let defaults: UserDefaults
    private let auth: AuthService
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    private var accessToken: StoredAccessToken?
    private var inFlightRefresh: Task<String, Error>?

    init(keychain: KeychainStore, defaults: UserDefaults, auth: AuthService) {
        self.keychain = keychain
        self.defaults = defaults
        self.auth = auth
    }

    // MARK: - Lifecycle

    func begin(with tokens: TokenPair, userId: String) throws {
        try persist(tokens, userId: userId)
        AppLog.event(.loginSucceeded)
    }

    func hasRestorableSession() -> Bool {
        guard let snapshot = loadSnapshot() else { return false }
        return snapshot.refreshExpiresAt > Date()
    }

    var currentUserId: String? {
        loadSnapshot()?.userId
    }

    func signOut() async {
        let snapshot = loadSnapshot()
        inFlightRefresh?.cancel()
        inFlightRefresh = nil
        accessToken = nil
        try? keychain.remove(.accessToken)
        defaults.removeObject(forKey: Self.snapshotKey)
        if let snapshot {
            await auth.revoke(refreshToken: snapshot.refreshToken)
        }
        AppLog.event(.sessionExpired)
    }

    // MARK: - AccessTokenProviding

    func validAccessToken() async throws -> String {
        if accessToken == nil {
            accessToken = try loadAccessTokenFromKeychain()
        }
        if let token = accessToken, token.expiresAt.timeIntervalSinceNow > Self.refreshLeeway {
            return token.value
        }
        return try await refresh()
    }

    func refreshAfterUnauthorized() async throws -> String {
        accessToken = nil
        return try await refresh()
    }

    // MARK: - Private

    private func refresh() async throws -> String {
        if let inFlightRefresh {
            return try await inFlightRefresh.value
        }
        guard let snapshot = loadSnapshot() else { throw SessionError.signedOut }
        guard snapshot.refreshExpiresAt > Date() else {
            await signOut()
            throw SessionError.refreshExpired
        }

        let task = Task { () async throws -> String in
            let tokens = try await self.auth.refresh(using: snapshot.refreshToken, sessionId: snapshot.sessionId)
            try self.persist(tokens, userId: snapshot.userId)
            return tokens.accessToken
        }
        inFlightRefresh = task
        defer { inFlightRefresh = nil }
        return try await task.value
    }

    private func persist(_ tokens: TokenPair, userId: String) throws {
        let now = Date()
        let stored = StoredAccessToken(value: tokens.accessToken, expiresAt: now.addingTimeInterval(tokens.expiresIn))
        try keychain.set(try encoder.encode(stored), for: .accessToken)

        let snapshot = SessionSnapshot(
            userId: userId,
            sessionId: tokens.sessionId,
            refreshToken: tokens.refreshToken,
            refreshExpiresAt: now.addingTimeInterval(tokens.refreshExpiresIn)
        )
        defaults.set(try encoder.encode(snapshot), forKey: Self.snapshotKey)
        defaults.set(now, forKey: Preferences.Key.lastTokenRefreshDate.rawValue)

        accessToken = stored
        AppLog.event(.sessionRefreshed)
    }

    private func loadAccessTokenFromKeychain() throws -> StoredAccessToken? {
        do {
            guard let data = try keychain.data(for: .accessToken) else { return nil }
            return try? decoder.decode(StoredAccessToken.self, from: data)
        } catch KeychainError.interactionNotAllowed {
            // Background launch while locked: keep the item, surface a retryable error.
            throw SessionError.deviceLocked
        }
    }

    private func loadSnapshot() -> SessionSnapshot? {
        guard let data = defaults.data(forKey: Self.snapshotKey) else { return nil }
        return try? decoder.decode(SessionSnapshot.self, from: data)
    }
}
