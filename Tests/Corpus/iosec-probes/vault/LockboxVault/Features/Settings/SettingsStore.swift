import Combine
import Foundation

/// User preferences in the standard UserDefaults. Plain plist values: nothing secret here.
@MainActor
final class SettingsStore: ObservableObject {
    enum Keys {
        static let autoLockSeconds = "autoLockSeconds"
        static let clipboardClearSeconds = "clipboardClearSeconds"
        static let showPasswordStrength = "showPasswordStrength"
        static let lastBackupDate = "lastBackupDate"
        static let biometricUnlockEnabled = "biometricUnlockEnabled"
        static let iCloudSyncEnabled = "iCloudSyncEnabled"
        static let generatorOptions = "generator.passwordOptions"
    }

    /// 0 means "lock as soon as the app leaves the foreground".
    static let autoLockChoices = [0, 30, 60, 300, 900]
    static let clipboardChoices = [30, 60, 120]

    private let defaults: UserDefaults

    @Published var autoLockSeconds: Int { didSet { defaults.set(autoLockSeconds, forKey: Keys.autoLockSeconds) } }
    @Published var clipboardClearSeconds: Int { didSet { defaults.set(clipboardClearSeconds, forKey: Keys.clipboardClearSeconds) } }
    @Published var showPasswordStrength: Bool { didSet { defaults.set(showPasswordStrength, forKey: Keys.showPasswordStrength) } }
    @Published var lastBackupDate: Date? { didSet { defaults.set(lastBackupDate, forKey: Keys.lastBackupDate) } }
    @Published var iCloudSyncEnabled: Bool { didSet { defaults.set(iCloudSyncEnabled, forKey: Keys.iCloudSyncEnabled) } }

    /// UI preference only: whether the lock screen offers Face ID straight away.
    /// What actually unlocks is the Secure Enclave enrollment (SecureEnclaveKeyWrapper).
    @Published var biometricUnlockEnabled: Bool {
        didSet { defaults.set(biometricUnlockEnabled, forKey: Keys.biometricUnlockEnabled) }
    }

    @Published var generatorOptions: PasswordGenerator.Options {
        didSet { defaults.set(try? JSONEncoder().encode(generatorOptions), forKey: Keys.generatorOptions) }
    }

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        defaults.register(defaults: [
            Keys.autoLockSeconds: 300,
            Keys.clipboardClearSeconds: 60,
            Keys.showPasswordStrength: true,
        ])
        let autoLock = defaults.integer(forKey: Keys.autoLockSeconds)
        let clipboard = defaults.integer(forKey: Keys.clipboardClearSeconds)
        autoLockSeconds = Self.autoLockChoices.contains(autoLock) ? autoLock : 300
        clipboardClearSeconds = Self.clipboardChoices.contains(clipboard) ? clipboard : 60
        showPasswordStrength = defaults.bool(forKey: Keys.showPasswordStrength)
        lastBackupDate = defaults.object(forKey: Keys.lastBackupDate) as? Date
        biometricUnlockEnabled = defaults.bool(forKey: Keys.biometricUnlockEnabled)
        iCloudSyncEnabled = defaults.bool(forKey: Keys.iCloudSyncEnabled)
        generatorOptions = defaults.data(forKey: Keys.generatorOptions)
            .flatMap { try? JSONDecoder().decode(PasswordGenerator.Options.self, from: $0) } ?? .init()
    }
}
