//
//  SharedStateStore.swift
//  Hearth / HearthWidget
//
//  Created by Sofia Berg on 19/09/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//
//  Compiled into both the app and the widget extension.
//

import Foundation
#if canImport(WidgetKit)
import WidgetKit
#endif

enum AppGroup {
    static let identifier = "group.com.hearthlabs.hearth"
}

enum WidgetKind {
    static let lock = "LockWidget"
}

struct WidgetHubStatus: Codable {
    var hubName: String
    var isReachable: Bool
    var onlineDeviceCount: Int
    var updatedAt: Date
}

struct WidgetLockSummary: Codable, Identifiable {
    var lockID: String
    var name: String
    var isLocked: Bool
    var batteryLevel: Int?
    var guestCode: String?
    var updatedAt: Date
    var id: String { lockID }
}

struct WidgetSceneRequest: Codable {
    var sceneID: String
    var requestedAt: Date
}

/// State the app publishes for the widget extension, and requests the widget
/// leaves for the app to pick up on next launch.
final class SharedStateStore {

    private enum Keys {
        static let hubStatus = "widget.hubStatus"
        static let locks = "widget.locks"
        static let pendingScene = "widget.pendingSceneRequest"
    }

    private let defaults: UserDefaults
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    init(defaults: UserDefaults? = UserDefaults(suiteName: AppGroup.identifier)) {
        self.defaults = defaults ?? .standard
    }

    // MARK: Hub

    var hubStatus: WidgetHubStatus? { read(WidgetHubStatus.self, forKey: Keys.hubStatus) }

    func update(hubStatus: WidgetHubStatus) {
        write(hubStatus, forKey: Keys.hubStatus)
        reloadTimelines(ofKind: WidgetKind.lock)
    }

    // MARK: Locks

    var lockSummaries: [WidgetLockSummary] { read([WidgetLockSummary].self, forKey: Keys.locks) ?? [] }

    func lockSummary(id: String) -> WidgetLockSummary? {
        lockSummaries.first { $0.lockID == id }
    }

    func update(lock summary: WidgetLockSummary) {
        var locks = lockSummaries.filter { $0.lockID != summary.lockID }
        locks.append(summary)
        write(locks.sorted { $0.name < $1.name }, forKey: Keys.locks)
        reloadTimelines(ofKind: WidgetKind.lock)
    }

    // MARK: Scene requests (widget -> app)

    func enqueueSceneRequest(_ request: WidgetSceneRequest) {
        write(request, forKey: Keys.pendingScene)
    }

    func dequeueSceneRequest() -> WidgetSceneRequest? {
        defer { defaults.removeObject(forKey: Keys.pendingScene) }
        return read(WidgetSceneRequest.self, forKey: Keys.pendingScene)
    }

    func removeAll() {
        [Keys.hubStatus, Keys.locks, Keys.pendingScene].forEach(defaults.removeObject(forKey:))
        reloadTimelines(ofKind: nil)
    }

    // MARK: Private

    private func read<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = defaults.data(forKey: key) else { return nil }
        return try? decoder.decode(type, from: data)
    }

    private func write<T: Encodable>(_ value: T, forKey key: String) {
        guard let data = try? encoder.encode(value) else { return }
        defaults.set(data, forKey: key)
    }

    private func reloadTimelines(ofKind kind: String?) {
        #if canImport(WidgetKit)
        if let kind {
            WidgetCenter.shared.reloadTimelines(ofKind: kind)
        } else {
            WidgetCenter.shared.reloadAllTimelines()
        }
        #endif
    }
}
