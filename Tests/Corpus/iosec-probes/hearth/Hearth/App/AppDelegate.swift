//
//  AppDelegate.swift
//  Hearth
//
//  Created by Sofia Berg on 12/01/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import UIKit
import UserNotifications
import os

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    private let logger = Logger(subsystem: "com.hearthlabs.hearth", category: "app")

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        HRAPIClient.shared.tokenProvider = HROAuthTokenRefresher.shared
        HRFirmwareDownloader.shared.tokenProvider = HROAuthTokenRefresher.shared

        AnalyticsClient.shared.start()
        HubRegistry.shared.restoreConnections()

        HREventStore.shared.pruneEvents(olderThan: Date(timeIntervalSinceNow: -30 * 24 * 60 * 60))
        HRSnapshotCache.shared.purgeExpiredSnapshots()

        UNUserNotificationCenter.current().delegate = self
        if HROAuthTokenRefresher.shared.hasRefreshToken {
            application.registerForRemoteNotifications()
        }
        return true
    }

    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    // MARK: Remote notifications

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        #if DEBUG
        let environment = "sandbox"
        #else
        let environment = "production"
        #endif
        HRAPIClient.shared.post("push/registrations", body: ["apns_token": token, "environment": environment]) { _, _, error in
            UserDefaults.standard.set(error == nil, forKey: HRDefaultsPushTokenRegistered)
        }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        let nsError = error as NSError
        logger.error("APNs registration failed: \(nsError.domain, privacy: .public) \(nsError.code)")
    }
}

extension AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                didReceive response: UNNotificationResponse) async {
        guard let link = response.notification.request.content.userInfo["link"] as? String,
              let url = URL(string: link) else { return }
        await MainActor.run { SceneDelegate.active?.router.open(url) }
    }
}
