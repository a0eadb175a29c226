import Foundation
import CryptoKit

/// Identifiers and locations shared by the app and the AutoFill extension.
/// Both targets list the same app group and keychain access group in their entitlements.
enum SharedContainer {
    static let appGroupIdentifier = "group.com.lockboxvault.shared"
    /// `$(AppIdentifierPrefix)com.lockboxvault.shared`
    static let keychainAccessGroup = "K7RQ2M9XZT.com.lockboxvault.shared"

    static var defaults: UserDefaults {
        guard let shared = UserDefaults(suiteName: appGroupIdentifier) else {
            preconditionFailure("App group \(appGroupIdentifier) is not configured for this target")
        }
        return shared
    }

    static var vaultDirectoryURL: URL {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroupIdentifier) else {
            preconditionFailure("Missing app group container")
        }
        return container.appendingPathComponent("Library/Vault", isDirectory: true)
    }
}

/// State the app hands over to the AutoFill extension through the app group's defaults.
struct AutofillBridge {
    private enum Key {
        static let vaultRevision = "autofill.vaultRevision"
        static let sessionKey = "autofill.session.key"
        static let sessionExpiresAt = "autofill.session.expiresAt"
    }

    let defaults: UserDefaults

    /// Lets the extension reuse an unlock that just happened in the app, for as long as
    /// the app itself would stay unlocked, instead of asking for Face ID a second time.
    func publishUnlockedSession(vaultKey: SymmetricKey, validFor lifetime: TimeInterval) {
        guard lifetime > 0 else { return revokeSession() }
        defaults.set(vaultKey.withUnsafeBytes { Data($0) }, forKey: Key.sessionKey)
        defaults.set(Date().addingTimeInterval(lifetime).timeIntervalSince1970, forKey: Key.sessionExpiresAt)
    }

    func activeSessionKey(now: Date = .now) -> SymmetricKey? {
        guard defaults.double(forKey: Key.sessionExpiresAt) > now.timeIntervalSince1970,
              let raw = defaults.data(forKey: Key.sessionKey), raw.count == 32 else {
            return nil
        }
        return SymmetricKey(data: raw)
    }

    func revokeSession() {
        defaults.removeObject(forKey: Key.sessionKey)
        defaults.removeObject(forKey: Key.sessionExpiresAt)
    }

    /// Bumped whenever the snapshot changes so the extension knows to reload.
    func markVaultChanged() {
        defaults.set(defaults.integer(forKey: Key.vaultRevision) + 1, forKey: Key.vaultRevision)
    }
}
