import BackgroundTasks
import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UserDefaults.standard.register(defaults: [
            "readReceiptsEnabled": true,
            "typingIndicators": true,
            "linkPreviewsEnabled": true,
            "appLockTimeout": 60,
            "hasCompletedKeyBackup": false,
        ])
        UNUserNotificationCenter.current().delegate = self
        PushRegistrar.shared.registerCategories()

        BGTaskScheduler.shared.register(forTaskWithIdentifier: KeyBackupService.refreshTaskIdentifier, using: nil) { task in
            guard let task = task as? BGProcessingTask else { return task.setTaskCompleted(success: false) }
            Task { @MainActor in AppEnvironment.shared.backup.handleBackgroundRefresh(task) }
        }
        Task { await PushRegistrar.shared.requestAuthorizationIfNeeded() }
        Log.info("app.launch device=\(DeviceInfo.deviceId)")
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        Task { await PushRegistrar.shared.register(deviceToken: deviceToken) }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        Log.error("push.register.failed error=\(error.localizedDescription)", category: .push)
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        let conversationId = notification.request.content.threadIdentifier
        return await ChatPresence.shared.isViewing(conversationId: conversationId) ? [] : [.banner, .sound, .list]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let conversationId = response.notification.request.content.threadIdentifier
        await MainActor.run { AppEnvironment.shared.router.open(conversationId: conversationId) }
    }
}
