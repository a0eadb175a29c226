import Foundation
import LoomKit
import os

struct AuthTokens: Codable, Sendable {
    let accessToken: String
    let refreshToken: String
    let expiresAt: Date

    var needsRefresh: Bool { expiresAt.addingTimeInterval(-60) <= .now }
}

struct Account: Codable, Equatable, Sendable {
    enum Plan: String, Codable, Sendable { case free, plus, family }
    let id: String
    let email: String?
    let displayName: String?
    let plan: Plan
    /// Opaque UUID the server maps to this account; handed to StoreKit as `appAccountToken`.
    let storeAccountToken: UUID?
}

struct AuthResponse: Decodable, Sendable {
    let tokens: AuthTokens
    let account: Account
}

@MainActor
final class SessionStore: ObservableObject {
    @Published private(set) var account: Account?
    @Published private(set) var isSignedIn = false

    /// Network half of a token refresh; wired up by `AppEnvironment`.
    var refresher: ((String) async throws -> AuthTokens)?

    private let keychain: KeychainStore
    private let defaults: UserDefaults
    private var tokens: AuthTokens?
    private var inFlightRefresh: Task<AuthTokens, Error>?

    private enum Keys {
        static let accessToken = SharedKeychain.accessTokenAccount
        static let profile = SharedKeychain.profileAccount
        static let refreshToken = "session.refreshToken"
        static let expiresAt = "session.expiresAt"
    }

    init(keychain: KeychainStore = KeychainStore(), defaults: UserDefaults = .standard) {
        self.keychain = keychain
        self.defaults = defaults
    }

    func restore() {
        do {
            guard let accessToken = try keychain.string(for: Keys.accessToken),
                  let refreshToken = defaults.string(forKey: Keys.refreshToken) else { return }
            let expiry = defaults.object(forKey: Keys.expiresAt) as? Date ?? .distantPast
            tokens = AuthTokens(accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiry)
            account = try keychain.data(for: Keys.profile).flatMap { try? JSONDecoder().decode(Account.self, from: $0) }
            isSignedIn = true
            Logger.auth.info("Restored session for \(self.account?.id ?? "-", privacy: .private(mask: .hash))")
        } catch {
            Logger.auth.error("Keychain read failed: \(String(describing: error), privacy: .public)")
        }
    }

    func establish(_ response: AuthResponse) throws {
        try persist(response.tokens)
        try keychain.set(JSONEncoder().encode(response.account), for: Keys.profile)
        tokens = response.tokens
        account = response.account
        isSignedIn = true
        CrashBreadcrumbs.shared.record("session established", category: "auth")
    }

    func signOut() {
        inFlightRefresh?.cancel()
        try? keychain.removeValue(for: Keys.accessToken)
        try? keychain.removeValue(for: Keys.profile)
        defaults.removeObject(forKey: Keys.refreshToken)
        defaults.removeObject(forKey: Keys.expiresAt)
        tokens = nil
        account = nil
        isSignedIn = false
        CrashBreadcrumbs.shared.record("signed out", category: "auth")
    }

    private func persist(_ tokens: AuthTokens) throws {
        try keychain.set(Data(tokens.accessToken.utf8), for: Keys.accessToken)
        defaults.set(tokens.refreshToken, forKey: Keys.refreshToken)
        defaults.set(tokens.expiresAt, forKey: Keys.expiresAt)
    }
}

extension SessionStore: TokenProvider {
    func currentAccessToken() async -> String? {
        guard let tokens else { return nil }
        if tokens.needsRefresh {
            return try? await refreshAccessToken()
        }
        return tokens.accessToken
    }

    func refreshAccessToken() async throws -> String {
        if let inFlightRefresh {
            return try await inFlightRefresh.value.accessToken
        }
        guard let refreshToken = tokens?.refreshToken, let refresher else { throw APIError.unauthorized }

        let task = Task { try await refresher(refreshToken) }
        inFlightRefresh = task
        defer { inFlightRefresh = nil }
        do {
            let fresh = try await task.value
            try persist(fresh)
            tokens = fresh
            return fresh.accessToken
        } catch APIError.unauthorized {
            Logger.auth.notice("Refresh token rejected; signing out")
            signOut()
            throw APIError.unauthorized
        }
    }
}
