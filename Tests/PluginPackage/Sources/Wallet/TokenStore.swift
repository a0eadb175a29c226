import Foundation

/// Seeded for the plugin check: a session token written to UserDefaults.
public struct TokenStore {
    public init() {}

    public func save(authToken: String) {
        UserDefaults.standard.set(authToken, forKey: "authToken")
    }
}
