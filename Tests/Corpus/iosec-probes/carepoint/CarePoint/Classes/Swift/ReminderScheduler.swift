//
//  ReminderScheduler.swift
//  CarePoint
//
//  Created by Tomasz Wiśniewski on 3/2/23.
//  Copyright © 2023 CarePoint Health, Inc. All rights reserved.
//

import Foundation
import UserNotifications

/// Schedules local "appointment tomorrow" notifications.
/// Notification text is deliberately generic: it is visible on the lock screen.
@objc final class ReminderScheduler: NSObject {

    @objc static let shared = ReminderScheduler()

    private let center = UNUserNotificationCenter.current()
    private let identifierPrefix = "cp.appointment."
    private let leadTime: TimeInterval = 24 * 60 * 60

    @objc func requestAuthorizationIfNeeded() {
        guard FeatureFlags.shared.appointmentRemindersEnabled else { return }
        center.getNotificationSettings { [center] settings in
            guard settings.authorizationStatus == .notDetermined else { return }
            center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
                if let error {
                    AuditLogger.reminders.error("Authorization failed: \(error.localizedDescription, privacy: .public)")
                }
                AuditLogger.reminders.info("Notification permission granted: \(granted, privacy: .public)")
            }
        }
    }

    @objc(scheduleRemindersForAppointments:)
    func scheduleReminders(for appointments: [CPAppointment]) {
        center.getPendingNotificationRequests { [weak self] pending in
            guard let self else { return }
            let stale = pending.map(\.identifier).filter { $0.hasPrefix(self.identifierPrefix) }
            self.center.removePendingNotificationRequests(withIdentifiers: stale)

            var scheduled = 0
            for appointment in appointments {
                let fireDate = appointment.startDate.addingTimeInterval(-self.leadTime)
                guard fireDate > Date() else { continue }

                let content = UNMutableNotificationContent()
                content.title = "CarePoint"
                content.body = NSLocalizedString("appointment.reminder.notification", comment: "")
                content.sound = .default
                content.userInfo = ["appointment_id": appointment.appointmentID]

                let components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: fireDate)
                let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
                let request = UNNotificationRequest(identifier: self.identifierPrefix + appointment.appointmentID,
                                                    content: content,
                                                    trigger: trigger)
                self.center.add(request)
                scheduled += 1
            }
            AuditLogger.remindersScheduled(count: scheduled)
        }
    }
}
