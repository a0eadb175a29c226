import Foundation

/// Non-secret user preferences. Views bind the same keys with `@AppStorage`.
struct Preferences {
    static let shared = Preferences()

    var defaults: UserDefaults = .standard

    var hasSeenOnboarding: Bool {
        get { defaults.bool(forKey: "hasSeenOnboarding") }
        nonmutating set { defaults.set(newValue, forKey: "hasSeenOnboarding") }
    }

    /// Only a flag: the refresh token itself is in the Keychain.
    var biometricUnlockEnabled: Bool {
        get { defaults.bool(forKey: "biometricUnlockEnabled") }
        nonmutating set { defaults.set(newValue, forKey: "biometricUnlockEnabled") }
    }

    /// Accounts the user pinned to the top of the home screen.
    var pinnedAccountIDs: Set<String> {
        get { Set(defaults.stringArray(forKey: "pinnedAccountIDs") ?? []) }
        nonmutating set { defaults.set(newValue.sorted(), forKey: "pinnedAccountIDs") }
    }

    func setPinned(_ isPinned: Bool, accountID: String) {
        var ids = pinnedAccountIDs
        if isPinned {
            ids.insert(accountID)
        } else {
            ids.remove(accountID)
        }
        pinnedAccountIDs = ids
    }
}
