//
//  AnalyticsClient.swift
//  Hearth
//
//  Created by Sofia Berg on 03/03/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import Foundation
import UIKit

/// First-party, opt-in product analytics. Events carry a random install
/// identifier and coarse device/feature information only: no account, email,
/// names, hub addresses or device names.
final class AnalyticsClient {

    static let shared = AnalyticsClient()

    enum Event: String {
        case appOpened = "app_opened"
        case hubPaired = "hub_paired"
        case lockCodeSet = "lock_code_set"
        case sceneRun = "scene_run"
        case helpOpened = "help_opened"
    }

    private static let endpoint = URL(string: "https://telemetry.hearth-home.com/v1/batch")!
    private static let installTokenKey = "HRAnalyticsInstallToken"
    private static let allowedPropertyKeys: Set<String> = ["model", "firmware", "source", "count", "result"]

    private let queue = DispatchQueue(label: "com.hearthlabs.hearth.analytics")
    private var buffer: [[String: Any]] = []
    private var isEnabled: Bool { UserDefaults.standard.bool(forKey: HRDefaultsAnalyticsOptIn) }

    /// Random per-install identifier; regenerated if the user opts out and back in.
    private var installToken: String {
        if let existing = UserDefaults.standard.string(forKey: Self.installTokenKey) { return existing }
        let token = UUID().uuidString
        UserDefaults.standard.set(token, forKey: Self.installTokenKey)
        return token
    }

    func start() {
        guard isEnabled else { return }
        track(.appOpened)
        NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification,
                                               object: nil, queue: nil) { [weak self] _ in self?.flush() }
    }

    func stopAndDiscard() {
        queue.async { self.buffer.removeAll() }
        UserDefaults.standard.removeObject(forKey: Self.installTokenKey)
    }

    func track(_ event: Event, properties: [String: String] = [:]) {
        guard isEnabled else { return }
        let filtered = properties.filter { Self.allowedPropertyKeys.contains($0.key) }
        let record: [String: Any] = [
            "event": event.rawValue,
            "ts": Int(Date().timeIntervalSince1970),
            "props": filtered,
        ]
        queue.async {
            self.buffer.append(record)
            if self.buffer.count >= 20 { self.flush() }
        }
    }

    private func flush() {
        queue.async {
            guard self.isEnabled, !self.buffer.isEmpty else { return }
            let batch: [String: Any] = [
                "install": self.installToken,
                "app_version": Bundle.main.shortVersion,
                "os": UIDevice.current.systemVersion,
                "events": self.buffer,
            ]
            self.buffer.removeAll()
            var request = URLRequest(url: Self.endpoint)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: batch)
            URLSession.shared.dataTask(with: request).resume()
        }
    }
}
