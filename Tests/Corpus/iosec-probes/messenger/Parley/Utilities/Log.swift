import Foundation
import os

/// App-wide logging. Call sites pass short event names plus identifiers and counts,
/// e.g. `Log.info("sync.page applied=12")`.
enum Log {
    enum Category: String, CaseIterable {
        case app, sync, crypto, storage, push, ui
    }

    private static let subsystem = Bundle.main.bundleIdentifier ?? "com.parley.ios"

    private static let loggers: [Category: Logger] = Dictionary(
        uniqueKeysWithValues: Category.allCases.map { ($0, Logger(subsystem: subsystem, category: $0.rawValue)) }
    )

    static func info(_ message: String, category: Category = .app) {
        logger(category).info("\(message, privacy: .public)")
    }

    static func error(_ message: String, category: Category = .app) {
        logger(category).error("\(message, privacy: .public)")
    }

    static func debug(_ message: @autoclosure () -> String, category: Category = .app) {
        #if DEBUG
        logger(category).debug("\(message(), privacy: .public)")
        #endif
    }

    private static func logger(_ category: Category) -> Logger {
        loggers[category] ?? Logger(subsystem: subsystem, category: category.rawValue)
    }
}
