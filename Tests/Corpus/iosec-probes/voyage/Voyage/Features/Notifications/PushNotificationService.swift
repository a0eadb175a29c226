import Foundation
import UIKit
import UserNotifications

/// APNs registration and handling. Payloads we send:
///
///     { "aps": {...}, "type": "gate_change", "link": "https://voyage.travel/app/trip/8KQ2ZD" }
///     { "aps": { "content-available": 1 }, "type": "boarding_pass_ready", "booking": "8KQ2ZD", "segment": "seg_1" }
final class PushNotificationService: NSObject, UNUserNotificationCenterDelegate {
    private let client: APIClientProtocol
    private let api: VoyageAPI
    private let boardingPasses: BoardingPassStore
    private let navigation: NavigationCoordinator
    private let center: UNUserNotificationCenter

    init(
        client: APIClientProtocol,
        api: VoyageAPI,
        boardingPasses: BoardingPassStore,
        navigation: NavigationCoordinator,
        center: UNUserNotificationCenter = .current()
    ) {
        self.client = client
        self.api = api
        self.boardingPasses = boardingPasses
        self.navigation = navigation
        self.center = center
    }

    func configure() {
        center.delegate = self
    }

    @discardableResult
    func requestAuthorization() async -> Bool {
        let granted = (try? await center.requestAuthorization(options: [.alert, .sound, .badge, .timeSensitive])) ?? false
        if granted {
            await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
        }
        return granted
    }

    func registerIfAuthorized() async {
        let settings = await center.notificationSettings()
        guard settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional else { return }
        await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
    }

    func didRegister(deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        #if DEBUG
        Log.push.debug("APNs token \(token, privacy: .private)")
        #endif
        Task {
            do {
                try await client.send(api.registerDevice(token: token))
            } catch {
                Log.push.failure("Device registration", error)
            }
        }
    }

    // MARK: - Background

    func handleBackgroundNotification(_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        guard userInfo["type"] as? String == "boarding_pass_ready",
              let booking = userInfo["booking"] as? String,
              let segment = userInfo["segment"] as? String
        else { return .noData }

        do {
            try await boardingPasses.download(BoardingPassReference(bookingReference: booking, segmentID: segment))
            return .newData
        } catch {
            Log.push.failure("Boarding pass prefetch", error)
            return .failed
        }
    }

    // MARK: - UNUserNotificationCenterDelegate

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .list, .sound]
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse
    ) async {
        let userInfo = response.notification.request.content.userInfo
        guard let link = userInfo["link"] as? String, let url = URL(string: link) else { return }
        // Goes through the same parser (and host allow-list) as universal links.
        await navigation.handle(url, source: .push)
    }
}
