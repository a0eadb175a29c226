//
//  AuditLogger.swift
//  CarePoint
//
//  Created by Tomasz Wiśniewski on 2/7/23.
//  Copyright © 2023 CarePoint Health, Inc. All rights reserved.
//

import Foundation
import os

/// Thin wrapper over unified logging. Identifiers are always logged as private so they
/// are redacted in sysdiagnoses and only visible when a debugger is attached.
enum AuditLogger {

    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.carepoint.ios"

    static let network = Logger(subsystem: subsystem, category: "network")
    static let records = Logger(subsystem: subsystem, category: "records")
    static let reminders = Logger(subsystem: subsystem, category: "reminders")

    static func recordViewed(_ recordID: String) {
        records.info("Record viewed: \(recordID, privacy: .private(mask: .hash))")
    }

    static func clinicSelected(_ clinicID: String) {
        records.info("Preferred clinic changed: \(clinicID, privacy: .private(mask: .hash))")
    }

    static func requestFailed(path: String, status: Int) {
        network.error("Request failed: \(path, privacy: .public) status=\(status, privacy: .public)")
    }

    static func remindersScheduled(count: Int) {
        reminders.debug("Scheduled \(count, privacy: .public) appointment reminders")
    }
}
