import Foundation

/// Non-sensitive UI preferences. Anything that grants access lives in the Keychain.
final class Preferences {
    enum Key: String, CaseIterable {
        case didShowPasswordTips
        case lastTokenRefreshDate
        case biometricsEnabled
        case selectedAccountId
        case hideBalances
        case lastSeenReleaseNotes
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        defaults.register(defaults: [
            Key.biometricsEnabled.rawValue: false,
            Key.hideBalances.rawValue: false,
            Key.didShowPasswordTips.rawValue: false,
        ])
    }

    var didShowPasswordTips: Bool {
        get { defaults.bool(forKey: Key.didShowPasswordTips.rawValue) }
        set { defaults.set(newValue, forKey: Key.didShowPasswordTips.rawValue) }
    }

    var lastTokenRefreshDate: Date? {
        defaults.object(forKey: Key.lastTokenRefreshDate.rawValue) as? Date
    }

    /// Mirrors whether the user turned the toggle on. The actual gate is the
    /// biometry-protected Keychain item in `BiometricUnlock`.
    var biometricsEnabled: Bool {
        get { defaults.bool(forKey: Key.biometricsEnabled.rawValue) }
        set { defaults.set(newValue, forKey: Key.biometricsEnabled.rawValue) }
    }

    var selectedAccountId: String? {
        get { defaults.string(forKey: Key.selectedAccountId.rawValue) }
        set { defaults.set(newValue, forKey: Key.selectedAccountId.rawValue) }
    }

    var hideBalances: Bool {
        get { defaults.bool(forKey: Key.hideBalances.rawValue) }
        set { defaults.set(newValue, forKey: Key.hideBalances.rawValue) }
    }

    var lastSeenReleaseNotes: String? {
        get { defaults.string(forKey: Key.lastSeenReleaseNotes.rawValue) }
        set { defaults.set(newValue, forKey: Key.lastSeenReleaseNotes.rawValue) }
    }

    func resetForSignOut() {
        let retained: Set<Key> = [.didShowPasswordTips, .lastSeenReleaseNotes]
        for key in Key.allCases where !retained.contains(key) {
            defaults.removeObject(forKey: key.rawValue)
        }
    }
}
