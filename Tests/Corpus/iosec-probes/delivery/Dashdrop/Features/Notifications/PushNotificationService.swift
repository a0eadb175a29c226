//
//  PushNotificationService.swift
//  Dashdrop
//

import UIKit
import UserNotifications
import os

@objc(PushNotificationService)
final class PushNotificationService: NSObject {

    @objc static let shared = PushNotificationService()

    private let center = UNUserNotificationCenter.current()
    private let tokenKey = "dd.push.apnsToken"
    private let tokenUploadedKey = "dd.push.tokenUploaded"

    @objc func configure() {
        center.delegate = self
        let track = UNNotificationAction(identifier: "TRACK_ORDER", title: String(localized: "Track"), options: [.foreground])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: "ORDER_UPDATE", actions: [track], intentIdentifiers: [], options: []),
        ])
    }

    func requestAuthorization() async -> Bool {
        let granted = (try? await center.requestAuthorization(options: [.alert, .badge, .sound])) ?? false
        Logger.push.info("Notification permission granted: \(granted, privacy: .public)")
        AnalyticsTracker.shared().log("push_permission", parameters: ["granted": granted ? "yes" : "no"])
        if granted {
            await MainActor.run { UIApplication.shared.registerForRemoteNotifications() }
        }
        return granted
    }

    @objc func didRegister(withDeviceToken deviceToken: Data) {
        let hex = deviceToken.map { String(format: "%02x", $0) }.joined()
        #if DEBUG
        print("[Push] APNs token: \(hex)")
        #endif
        let defaults = UserDefaults.standard
        if defaults.string(forKey: tokenKey) != hex {
            defaults.set(hex, forKey: tokenKey)
            defaults.set(false, forKey: tokenUploadedKey)
        }
        uploadCachedDeviceToken()
    }

    @objc func uploadCachedDeviceToken() {
        let defaults = UserDefaults.standard
        guard SessionManager.shared().isLoggedIn,
              !defaults.bool(forKey: tokenUploadedKey),
              let hex = defaults.string(forKey: tokenKey) else { return }
        #if DEBUG
        let environment = "sandbox"
        #else
        let environment = "production"
        #endif
        let body = ["token": hex, "platform": "ios", "environment": environment]
        APIClient.shared().post("me/devices", parameters: body, authenticated: true) { _, response, error in
            NSLog("[Push] device registration HTTP %ld", response?.statusCode ?? -1)
            if error == nil { defaults.set(true, forKey: self.tokenUploadedKey) }
        }
    }

    @objc func handleSilentPush(_ userInfo: [AnyHashable: Any], completion: @escaping (UIBackgroundFetchResult) -> Void) {
        guard let orderID = userInfo["order_id"] as? String, let status = userInfo["status"] as? String else {
            completion(.noData)
            return
        }
        Logger.push.info("Silent update for order \(orderID, privacy: .public): \(status, privacy: .public)")
        OrderHistoryStore.shared.updateStatus(orderID: orderID, status: status)
        completion(.newData)
    }
}

extension PushNotificationService: UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.banner, .list, .sound])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        let orderID = userInfo["order_id"] as? String
        AnalyticsTracker.shared().log("push_opened", parameters: ["action": response.actionIdentifier, "order_id": orderID ?? "none"])

        if let orderID, DeepLinkRouter.isValidOrderIdentifier(orderID),
           let url = URL(string: "\(DDURLScheme)://order/\(orderID)") {
            DispatchQueue.main.async { DeepLinkRouter.shared().handle(url) }
        } else {
            Logger.push.notice("Notification had no routable order id")
        }
        completionHandler()
    }
}
