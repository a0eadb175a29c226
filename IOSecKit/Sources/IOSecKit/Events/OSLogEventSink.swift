#if canImport(os)
import os

/// Sends events to the unified log, split by ``UnifiedLogEntry``: the event kind public, the message and metadata
/// private (hashed, so equal values can still be matched up). A public value in the unified log can be read by
/// anyone with the device and a cable.
///
/// ```swift
/// let sink = OSLogEventSink(subsystem: "com.example.app", category: "security")
/// ```
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogEventSink: SecurityEventSink {
    private let logger: os.Logger

    public init(subsystem: String, category: String = "security") {
        self.logger = os.Logger(subsystem: subsystem, category: category)
    }

    public func write(_ events: [SecurityEvent]) async {
        for event in events {
            let entry = UnifiedLogEntry(event)
            logger.log(
                level: Self.level(event.severity),
                "\(entry.publicPart, privacy: .public) \(entry.privatePart, privacy: .private(mask: .hash))")
        }
    }

    static func level(_ severity: SecuritySeverity) -> OSLogType {
        switch severity {
        case .info: return .info
        case .notice, .warning: return .default
        case .error: return .error
        case .critical: return .fault
        }
    }
}
#endif
