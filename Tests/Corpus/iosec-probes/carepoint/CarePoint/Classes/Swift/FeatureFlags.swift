//
//  FeatureFlags.swift
//  CarePoint
//
//  Created by Tomasz Wiśniewski on 1/19/23.
//  Copyright © 2023 CarePoint Health, Inc. All rights reserved.
//

import Foundation

/// Remote-configurable switches. Values are non-sensitive booleans/ints fetched from
/// `GET /v3/config/flags` and cached in standard defaults.
@objc final class FeatureFlags: NSObject {

    @objc static let shared = FeatureFlags()

    private enum Key {
        static let payload = "CPFeatureFlagsPayload"
        static let fetchedAt = "CPFeatureFlagsFetchedAt"
    }

    private let defaults: UserDefaults
    private let staleInterval: TimeInterval = 6 * 60 * 60

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        super.init()
    }

    private var payload: [String: Any] {
        defaults.dictionary(forKey: Key.payload) ?? [:]
    }

    @objc var biometricLoginEnabled: Bool { payload["biometric_login"] as? Bool ?? true }
    @objc var recordSharingEnabled: Bool { payload["record_sharing"] as? Bool ?? true }
    @objc var appointmentRemindersEnabled: Bool { payload["appointment_reminders"] as? Bool ?? true }
    @objc var minimumSupportedBuild: Int { payload["min_build"] as? Int ?? 0 }

    @objc func refreshIfStale() {
        if let last = defaults.object(forKey: Key.fetchedAt) as? Date,
           Date().timeIntervalSince(last) < staleInterval {
            return
        }

        CPAPIClient.shared().get("config/flags", parameters: nil) { [weak self] json, response, error in
            guard let self else { return }
            guard let flags = json as? [String: Any], error == nil else {
                AuditLogger.requestFailed(path: "config/flags", status: response?.statusCode ?? -1)
                return
            }
            // Only keep scalar values; the endpoint is shared with the web client.
            let filtered = flags.filter { $0.value is Bool || $0.value is Int }
            self.defaults.set(filtered, forKey: Key.payload)
            self.defaults.set(Date(), forKey: Key.fetchedAt)
        }
    }
}
