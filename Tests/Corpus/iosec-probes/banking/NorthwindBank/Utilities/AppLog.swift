import Foundation
import os

/// Central log handles. Feature code should prefer `AppLog.event(_:)`, which records
/// *what* happened but never *with which data*.
enum AppLog {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.northwindbank.app"

    static let network = Logger(subsystem: subsystem, category: "network")
    static let auth = Logger(subsystem: subsystem, category: "auth")
    static let storage = Logger(subsystem: subsystem, category: "storage")
    static let ui = Logger(subsystem: subsystem, category: "ui")

    private static let events = Logger(subsystem: subsystem, category: "events")

    enum Event: String {
        case appLaunched = "app_launched"
        case loginSucceeded = "login_succeeded"
        case loginFailed = "login_failed"
        case sessionRefreshed = "session_refreshed"
        case sessionExpired = "session_expired"
        case biometricUnlockSucceeded = "biometric_unlock_succeeded"
        case biometricUnlockCancelled = "biometric_unlock_cancelled"
        case transferSubmitted = "transfer_submitted"
        case transferFailed = "transfer_failed"
        case receiptExported = "receipt_exported"
        case deepLinkRejected = "deep_link_rejected"
        case pinningFailed = "pinning_failed"
        case ibanCopied = "iban_copied"
        case cardTokenised = "card_tokenised"
        case threeDSCompleted = "three_ds_completed"
    }

    static func event(_ event: Event) {
        events.info("event=\(event.rawValue, privacy: .public)")
    }

    static func debugTrace(_ message: StaticString) {
        #if DEBUG
        print("[Northwind] \(message)")
        #endif
    }
}
