import Foundation

final class SessionStore {
    static let shared = SessionStore()

    private enum Keys {
        static let session = "sessionToken"
        static let lastSync = "lastSyncDate"
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    var sessionToken: String? {
        defaults.string(forKey: Keys.session)
    }

    func save(sessionToken: String) {
        defaults.set(sessionToken, forKey: Keys.session)
        defaults.set(Date(), forKey: Keys.lastSync)
    }

    func clear() {
        defaults.removeObject(forKey: Keys.session)
    }
}
