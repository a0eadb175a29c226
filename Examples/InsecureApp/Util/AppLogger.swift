import Foundation
import OSLog

/// Unified-logging categories, one per layer.
enum AppLogger {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.acme.wallet"

    static let auth = Logger(subsystem: subsystem, category: "auth")
    static let network = Logger(subsystem: subsystem, category: "network")
    static let storage = Logger(subsystem: subsystem, category: "storage")
}

/// Forwards server-sent diagnostics to the device log.
enum ServerDiagnostics {
    static func record(_ message: String) {
        NSLog(message)
    }
}

/// Breadcrumbs for support: one line each, to the console.
enum Breadcrumbs {
    static func drop(_ note: String) {
        print("[breadcrumb] \(note)")
    }
}
