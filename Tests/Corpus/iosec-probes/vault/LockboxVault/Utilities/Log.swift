import Foundation
import os

/// One `Logger` per area so Console.app can filter by category. Shared with the AutoFill extension.
///
/// House rule: log identifiers, counts and durations. `privacy: .public` is for
/// values we generated ourselves (UUIDs, enum names, error codes).
enum Log {
    static let subsystem = "com.lockboxvault.app"

    static let app = Logger(subsystem: subsystem, category: "App")
    static let vault = Logger(subsystem: subsystem, category: "Vault")
    static let crypto = Logger(subsystem: subsystem, category: "Crypto")
    static let storage = Logger(subsystem: subsystem, category: "Storage")
    static let sync = Logger(subsystem: subsystem, category: "Sync")
    static let importer = Logger(subsystem: subsystem, category: "Import")
    static let export = Logger(subsystem: subsystem, category: "Export")
    static let autofill = Logger(subsystem: subsystem, category: "AutoFill")
    static let network = Logger(subsystem: subsystem, category: "Network")
    static let ui = Logger(subsystem: subsystem, category: "UI")
}

extension Logger {
    /// Type, domain and code only: `localizedDescription` can echo file names or input.
    func failure(_ operation: String, _ error: Error) {
        let nsError = error as NSError
        let typeName = String(describing: type(of: error))
        self.error("\(operation, privacy: .public) failed: \(typeName, privacy: .public) [\(nsError.domain, privacy: .public) \(nsError.code, privacy: .public)]")
    }
}

/// Logs how long `body` took. Used around PBKDF2 to keep an eye on unlock latency.
@discardableResult
func measure<T>(_ label: String, logger: Logger = Log.app, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer {
        let milliseconds = Int(((ContinuousClock.now - start) / .milliseconds(1)).rounded())
        logger.debug("\(label, privacy: .public) took \(milliseconds) ms")
    }
    return try body()
}
