//
//  LockCodesViewModel.swift
//  Hearth
//
//  Created by Sofia Berg on 08/09/2022.
//  Copyright © 2022 Hearth Labs AB. All rights reserved.
//

import Combine
import Foundation

struct LockCodeSlot: Identifiable, Hashable {
    let slot: Int
    var label: String
    var isGuest: Bool
    var expiresAt: Date?
    var id: Int { slot }
}

@MainActor
final class LockCodesViewModel: ObservableObject {

    enum CodeError: Error {
        case invalidFormat
        case hubUnavailable
    }

    @Published private(set) var slots: [LockCodeSlot] = []
    @Published private(set) var isLocked = true
    @Published private(set) var batteryLevel: Int?
    @Published var showsGuestCodeInWidget: Bool {
        didSet { UserDefaults.standard.set(showsGuestCodeInWidget, forKey: Self.widgetPreferenceKey) }
    }

    private static let widgetPreferenceKey = "HRWidgetShowsGuestCode"

    let lockID: String
    let lockName: String
    private let vault = LockPINVault()
    private let sharedState = SharedStateStore()
    private var hub: HRHubConnection? { HubRegistry.shared.selectedConnection }

    init(lockID: String, lockName: String) {
        self.lockID = lockID
        self.lockName = lockName
        self.showsGuestCodeInWidget = UserDefaults.standard.bool(forKey: Self.widgetPreferenceKey)
    }

    static func isValidPIN(_ pin: String) -> Bool {
        (4...8).contains(pin.count) && pin.allSatisfy(\.isASCIIDigit)
    }

    func setCode(_ pin: String, label: String, slot: Int, isGuest: Bool, expiresAt: Date?) async throws {
        guard Self.isValidPIN(pin) else { throw CodeError.invalidFormat }
        guard let hub else { throw CodeError.hubUnavailable }

        var parameters: [String: Any] = ["slot": slot, "code": pin, "label": label]
        if let expiresAt { parameters["expires"] = Int(expiresAt.timeIntervalSince1970) }

        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            hub.sendCommand("lock.set_code", toDevice: lockID, parameters: parameters) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }

        try vault.store(pin: pin, lockID: lockID, slot: slot)
        slots.removeAll { $0.slot == slot }
        slots.append(LockCodeSlot(slot: slot, label: label, isGuest: isGuest, expiresAt: expiresAt))
        slots.sort { $0.slot < $1.slot }
        AnalyticsClient.shared.track(.lockCodeSet, properties: ["source": isGuest ? "guest" : "owner"])

        if isGuest {
            publishWidgetState(guestPIN: pin)
        }
    }

    func removeCode(slot: Int) {
        hub?.sendCommand("lock.clear_code", toDevice: lockID, parameters: ["slot": slot], completion: nil)
        vault.remove(lockID: lockID, slot: slot)
        let wasGuest = slots.first { $0.slot == slot }?.isGuest ?? false
        slots.removeAll { $0.slot == slot }
        if wasGuest {
            publishWidgetState(guestPIN: nil)
        }
    }

    func apply(hubEvent event: [String: Any]) {
        guard event["device"] as? String == lockID else { return }
        if let locked = event["locked"] as? Bool { isLocked = locked }
        if let battery = event["battery"] as? Int { batteryLevel = battery }
        publishWidgetState(guestPIN: sharedState.lockSummary(id: lockID)?.guestCode)
    }

    private func publishWidgetState(guestPIN: String?) {
        let summary = WidgetLockSummary(lockID: lockID,
                                        name: lockName,
                                        isLocked: isLocked,
                                        batteryLevel: batteryLevel,
                                        guestCode: showsGuestCodeInWidget ? guestPIN : nil,
                                        updatedAt: Date())
        sharedState.update(lock: summary)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
