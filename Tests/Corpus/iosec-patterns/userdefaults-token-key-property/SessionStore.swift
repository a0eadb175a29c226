import Foundation

final class SessionStore {
    private let defaults = UserDefaults.standard
    private let tokenKey = "auth_token"

    func save(_ value: String) {
        defaults.set(value, forKey: tokenKey)
    }
}
