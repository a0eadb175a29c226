import Foundation

/// The app's one door to UserDefaults: callers say what and under which key.
struct SettingsStore {
    private let defaults = UserDefaults(suiteName: "group.com.example.reader")

    func put(_ value: String?, under key: String) {
        defaults?.set(value, forKey: key)
    }

    func setPushToken(_ token: String) {
        defaults?.set(token, forKey: "apnsPushToken")
    }
}
