#if canImport(os)
import os

/// Sends events to the unified log. Messages are already redacted, so they are logged as public.
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
            let metadata = event.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: " ")
            let line = "\(event.kind.rawValue) \(event.message) \(metadata)"
            logger.log(level: Self.level(event.severity), "\(line, privacy: .public)")
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
