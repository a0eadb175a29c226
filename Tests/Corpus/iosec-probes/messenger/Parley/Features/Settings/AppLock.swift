import LocalAuthentication
import SwiftUI

enum AppLockError: Error {
    case accessControl
}

/// Optional lock in front of the UI, unlocked with Face ID / Touch ID or the device passcode.
/// Unlocking means reading a keychain item whose ACL requires user presence, so a patched
/// `evaluatePolicy` result on its own isn't enough to get in.
@MainActor
final class AppLockController: ObservableObject {
    static let shared = AppLockController()

    @Published private(set) var isLocked: Bool
    @Published private(set) var isEnabled: Bool

    private static let gateAccount = "applock.gate.v1"
    private let keychain: Keychain
    private let defaults: UserDefaults
    private var backgroundedAt: Date?

    init(keychain: Keychain = .local, defaults: UserDefaults = .standard) {
        self.keychain = keychain
        self.defaults = defaults
        let enabled = defaults.bool(forKey: "appLockEnabled")
        isEnabled = enabled
        isLocked = enabled
    }

    func enable() throws {
        var error: Unmanaged<CFError>?
        guard let access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                                                           kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                           .userPresence, &error) else {
            if let cfError = error?.takeRetainedValue() { throw cfError as Error }
            throw AppLockError.accessControl
        }
        try keychain.set(try Data.secureRandom(count: 32), account: Self.gateAccount, accessControl: access)
        defaults.set(true, forKey: "appLockEnabled")
        isEnabled = true
        Log.info("applock.enabled")
    }

    func disable() {
        try? keychain.remove(account: Self.gateAccount)
        defaults.set(false, forKey: "appLockEnabled")
        isEnabled = false
        isLocked = false
        Log.info("applock.disabled")
    }

    @discardableResult
    func unlock() async -> Bool {
        let context = LAContext()
        context.localizedCancelTitle = Strings.tr("common.cancel")
        var policyError: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &policyError) else {
            Log.error("applock.unavailable code=\(policyError?.code ?? 0)")
            return false
        }
        do {
            guard try await context.evaluatePolicy(.deviceOwnerAuthentication,
                                                   localizedReason: Strings.tr("applock.reason")) else { return false }
            // Reuse the authenticated context so the keychain read doesn't prompt a second time.
            guard try keychain.data(account: Self.gateAccount, context: context) != nil else { return false }
            isLocked = false
            return true
        } catch {
            Log.info("applock.unlock.cancelled error=\(error.localizedDescription)")
            return false
        }
    }

    func sceneDidEnterBackground() { backgroundedAt = Date() }

    func sceneDidBecomeActive() {
        guard isEnabled, let backgroundedAt else { return }
        self.backgroundedAt = nil
        let timeout = TimeInterval(defaults.integer(forKey: "appLockTimeout"))
        if Date().timeIntervalSince(backgroundedAt) >= timeout {
            isLocked = true
        }
    }
}

struct LockScreenView: View {
    @EnvironmentObject private var appLock: AppLockController

    var body: some View {
        VStack(spacing: 20) {
            Image(systemName: "lock.fill").font(.system(size: 44))
            Text(Strings.tr("applock.title")).font(.title2.bold())
            Button(Strings.tr("applock.unlock")) { Task { await appLock.unlock() } }
                .buttonStyle(.borderedProminent)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(.background)
        .task { await appLock.unlock() }
    }
}
