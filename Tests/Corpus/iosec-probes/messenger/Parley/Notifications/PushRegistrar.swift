import CryptoKit
import UIKit
import UserNotifications

final class PushRegistrar: @unchecked Sendable {
    static let shared = PushRegistrar()
    static let messageCategory = "parley.message"

    /// SHA-256 of the last APNs token we uploaded, so we only re-register when it changes.
    private static let registeredDigestKey = "pushTokenDigest"
    private let defaults = UserDefaults.standard

    func requestAuthorizationIfNeeded() async {
        let center = UNUserNotificationCenter.current()
        switch await center.notificationSettings().authorizationStatus {
        case .notDetermined:
            let granted = (try? await center.requestAuthorization(options: [.alert, .badge, .sound])) ?? false
            Log.info("push.authorization granted=\(granted)", category: .push)
            guard granted else { return }
        case .denied:
            return
        default:
            break
        }
        await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
    }

    func register(deviceToken: Data) async {
        let digest = Data(SHA256.hash(data: deviceToken)).hexString
        guard defaults.string(forKey: Self.registeredDigestKey) != digest else { return }
        let api = await MainActor.run { AppEnvironment.shared.api }
        do {
            try await api.registerPush(token: deviceToken)
            defaults.set(digest, forKey: Self.registeredDigestKey)
            Log.info("push.registered device=\(DeviceInfo.deviceId)", category: .push)
        } catch {
            Log.error("push.upload.failed error=\(error.localizedDescription)", category: .push)
        }
    }

    func registerCategories() {
        let category = UNNotificationCategory(identifier: Self.messageCategory, actions: [], intentIdentifiers: [],
                                              hiddenPreviewsBodyPlaceholder: Strings.tr("push.hidden_preview"),
                                              options: [.hiddenPreviewsShowTitle])
        UNUserNotificationCenter.current().setNotificationCategories([category])
    }

    func updateBadge(unread: Int) async {
        try? await UNUserNotificationCenter.current().setBadgeCount(unread)
    }
}
