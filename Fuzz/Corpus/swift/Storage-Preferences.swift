import Foundation

/// Non-secret user preferences. Views bind the same keys with `@AppStorage`.
struct Preferences {
    static let shared = Preferences()

    var defaults: UserDefaults = .standard

    var hasSeenOnboarding: Bool {
        get { defaults.bool(forKey: "hasSeenOnboarding") }
        nonmutating set { defaults.set(newValue, forKey: "hasSeenOnboarding") }
    }

    var biometricUnlockEnabled: Bool {
        get { defaults.bool(forKey: "biometricUnlockEnabled") }
        nonmutating set { defaults.set(newValue, forKey: "biometricUnlockEnabled") }
    }
}
