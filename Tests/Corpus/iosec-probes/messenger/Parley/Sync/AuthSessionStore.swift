import Combine
import Foundation

struct TokenGrant: Decodable {
    let accessToken: String
    let refreshToken: String
    let expiresIn: TimeInterval
    let userId: String
}

enum DeviceInfo {
    private static let account = "device.id"
    private static let lock = NSLock()
    private static var cached: String?

    /// Random per-install identifier, registered with the server alongside the device's keys.
    static var deviceId: String {
        lock.withLock {
            if cached == nil {
                let stored = (try? Keychain.shared.data(account: account)).flatMap { String(data: $0, encoding: .utf8) }
                cached = stored ?? UUID().uuidString.lowercased()
                if stored == nil { try? Keychain.shared.set(Data(cached!.utf8), account: account) }
            }
            return cached!
        }
    }
}

final class AuthSessionStore: ObservableObject, @unchecked Sendable {
    private enum Keys {
        static let refreshToken = "auth.refresh-token"
        static let accessToken = "pl.session.accessToken"
        static let accessTokenExpiry = "pl.session.expiresAt"
        static let userId = "pl.session.userId"
    }

    @Published private(set) var userId: String?

    private let keychain: Keychain
    private let sharedDefaults: UserDefaults
    private let refreshLock = NSLock()
    private var refreshTask: Task<Void, Error>?

    init(keychain: Keychain = .shared, sharedDefaults: UserDefaults = AppGroup.defaults) {
        self.keychain = keychain
        self.sharedDefaults = sharedDefaults
        self.userId = sharedDefaults.string(forKey: Keys.userId)
    }

    var isSignedIn: Bool { userId != nil }

    /// Returns nil when the cached token is missing or within 30 s of expiry,
    /// which makes the API client refresh first.
    var accessToken: String? {
        let expiry = sharedDefaults.double(forKey: Keys.accessTokenExpiry)
        guard expiry > Date().addingTimeInterval(30).timeIntervalSince1970 else { return nil }
        return sharedDefaults.string(forKey: Keys.accessToken)
    }

    func apply(_ grant: TokenGrant) throws {
        try keychain.set(Data(grant.refreshToken.utf8), account: Keys.refreshToken)
        sharedDefaults.set(grant.accessToken, forKey: Keys.accessToken)
        sharedDefaults.set(Date().addingTimeInterval(grant.expiresIn).timeIntervalSince1970,
                           forKey: Keys.accessTokenExpiry)
        sharedDefaults.set(grant.userId, forKey: Keys.userId)
        DispatchQueue.main.async { self.userId = grant.userId }
        Log.info("auth.session.updated expiresIn=\(Int(grant.expiresIn))", category: .sync)
    }

    /// Coalesces concurrent refreshes so a burst of 401s produces one token request.
    func refresh(using api: APIClient) async throws {
        let task: Task<Void, Error> = refreshLock.withLock {
            if let refreshTask { return refreshTask }
            let task = Task { try await self.performRefresh(using: api) }
            refreshTask = task
            return task
        }
        defer { refreshLock.withLock { refreshTask = nil } }
        try await task.value
    }

    private func performRefresh(using api: APIClient) async throws {
        guard let data = try keychain.data(account: Keys.refreshToken),
              let refreshToken = String(data: data, encoding: .utf8) else {
            throw APIError.unauthorized
        }
        struct Body: Encodable { let refreshToken: String; let deviceId: String }
        let endpoint = try Endpoint<TokenGrant>.json("POST", "/v2/auth/refresh",
                                                     body: Body(refreshToken: refreshToken, deviceId: DeviceInfo.deviceId),
                                                     requiresAuth: false)
        do {
            let grant = try await api.send(endpoint)
            try apply(grant)
        } catch APIError.unauthorized {
            Log.error("auth.refresh.rejected", category: .sync)
            signOut()
            throw APIError.unauthorized
        }
    }

    func signOut() {
        try? keychain.remove(account: Keys.refreshToken)
        for key in [Keys.accessToken, Keys.accessTokenExpiry, Keys.userId] {
            sharedDefaults.removeObject(forKey: key)
        }
        DispatchQueue.main.async { self.userId = nil }
        Log.info("auth.signed_out", category: .sync)
    }
}
