import Foundation
import OSLog

/// Unified-logging categories, one per layer.
enum AppLogger {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.acme.wallet"

    static let auth = Logger(subsystem: subsystem, category: "auth")
    static let network = Logger(subsystem: subsystem, category: "network")
    static let storage = Logger(subsystem: subsystem, category: "storage")
}

/// Breadcrumbs for support, in the unified log: what they interpolate is redacted unless marked public.
enum Breadcrumbs {
    static func drop(_ note: String) {
        AppLogger.auth.info("[breadcrumb] \(note)")
    }
}
