import Foundation

/// A signed-in user's session.
///
/// ```swift
/// let session = UserSession(id: "s-42", token: "eyJ…", created: .now, expires: .now.addingTimeInterval(3600))
/// ```
public struct UserSession: Codable, Sendable, Equatable {
    public var id: String
    public var token: String
    public var created: Date
    public var expires: Date

    public init(id: String, token: String, created: Date, expires: Date) {
        self.id = id
        self.token = token
        self.created = created
        self.expires = expires
    }

    /// Whether the session has expired at `date`.
    public func isExpired(at date: Date) -> Bool { date >= expires }
}

/// Keeps the current ``UserSession`` in the Keychain.
///
/// An actor, so its own saves, reads and clears never interleave. Reading never deletes: an expired session
/// reads as `nil` and stays until the next ``save(_:)`` replaces it or ``clear()`` removes it. A read that deleted
/// what it found expired could delete a fresh session that a login or token refresh saved in between, from this
/// process or an app extension.
///
/// ```swift
/// let sessions = SessionStore(keychain: KeychainStore(service: "com.example.session"))
/// try await sessions.save(session)
/// if let current = try await sessions.current() { authorize(with: current.token) }
/// try await sessions.clear()  // on logout
/// ```
public actor SessionStore {
    public let keychain: KeychainStore
    public let account: String
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - keychain: where the session lives; its default `whenUnlockedThisDeviceOnly` keeps it off backups.
    ///   - account: the item's account name.
    ///   - now: the clock, injectable for tests.
    public init(
        keychain: KeychainStore, account: String = "current-session",
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.keychain = keychain
        self.account = account
        self.now = now
    }

    /// Stores `session`, replacing any previous one.
    public func save(_ session: UserSession) throws(KeychainError) {
        let data: Data
        do {
            data = try Self.encoder.encode(session)
        } catch {
            throw KeychainError(kind: .unexpectedData, operation: .decode, status: .param)
        }
        try keychain.set(data, for: account)
    }

    /// The stored session if there is one and it has not expired; `nil` otherwise. Nothing is deleted.
    ///
    /// - Throws: ``KeychainError`` when the Keychain cannot be read (for example while the device is locked);
    ///   the session is kept in that case. Undecodable data throws ``KeychainError/Kind/unexpectedData``.
    public func current() throws(KeychainError) -> UserSession? {
        guard let data = try keychain.data(for: account) else { return nil }
        let session: UserSession
        do {
            session = try Self.decoder.decode(UserSession.self, from: data)
        } catch {
            throw KeychainError(kind: .unexpectedData, operation: .decode, status: .decode)
        }
        return session.isExpired(at: now()) ? nil : session
    }

    /// Removes the session (logout).
    public func clear() throws(KeychainError) {
        try keychain.remove(account)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
