import Foundation
import OSLog

/// Category loggers. Interpolated values are private by default in release builds;
/// mark values `.public` only when they cannot identify a user.
enum Log {
    private static let subsystem = Bundle.main.bundleIdentifier ?? "travel.voyage.app"

    static let network = Logger(subsystem: subsystem, category: "network")
    static let storage = Logger(subsystem: subsystem, category: "storage")
    static let travellers = Logger(subsystem: subsystem, category: "travellers")
    static let payments = Logger(subsystem: subsystem, category: "payments")
    static let deeplinks = Logger(subsystem: subsystem, category: "deeplinks")
    static let push = Logger(subsystem: subsystem, category: "push")
    static let web = Logger(subsystem: subsystem, category: "web")
    static let loyalty = Logger(subsystem: subsystem, category: "loyalty")
}

extension Logger {
    /// Logs a failed operation with the error's description (never its payload).
    func failure(_ operation: String, _ error: Error) {
        let description = (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
        self.error("\(operation, privacy: .public) failed: \(description, privacy: .public)")
    }
}
