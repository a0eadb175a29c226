import Foundation
import os

/// Central place for loggers so categories stay consistent across the app.
enum Log {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "app.cairnwallet.ios"

    static let app = Logger(subsystem: subsystem, category: "app")
    static let wallet = Logger(subsystem: subsystem, category: "wallet")
    static let rpc = Logger(subsystem: subsystem, category: "rpc")
    static let network = Logger(subsystem: subsystem, category: "network")
    static let storage = Logger(subsystem: subsystem, category: "storage")
    static let browser = Logger(subsystem: subsystem, category: "browser")
}
