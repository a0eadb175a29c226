import UIKit
import FirebaseCore
import Kingfisher

final class AppDelegate: NSObject, UIApplicationDelegate {
    private var container: AppContainer { AppContainer.shared }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        FirebaseApp.configure()
        container.crashReporter.start()
        configureImageCache()

        container.pushService.configure()
        Task { await container.pushService.registerIfAuthorized() }

        container.boardingPassStore.purgeExpired()
        return true
    }

    // MARK: - Remote notifications

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        container.pushService.didRegister(deviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        Log.push.failure("APNs registration", error)
    }

    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult {
        await container.pushService.handleBackgroundNotification(userInfo)
    }

    // MARK: - Setup

    private func configureImageCache() {
        let cache = ImageCache.default
        cache.memoryStorage.config.totalCostLimit = 64 * 1024 * 1024
        cache.diskStorage.config.sizeLimit = 200 * 1024 * 1024
        cache.diskStorage.config.expiration = .days(14)

        KingfisherManager.shared.defaultOptions = [
            .scaleFactor(UIScreen.main.scale),
            .backgroundDecode,
            .transition(.fade(0.2)),
        ]
    }
}
