/// How a ``SecurityEvent`` is split for the unified log: what may be public and what stays private.
///
/// Only the event kind, which the library names, is public. The message and metadata carry text the app passed in;
/// they are redacted already, but redaction is a safety net, so they are logged as private.
///
/// ```swift
/// let entry = UnifiedLogEntry(event)
/// logger.log("\(entry.publicPart, privacy: .public) \(entry.privatePart, privacy: .private(mask: .hash))")
/// ```
public struct UnifiedLogEntry: Sendable, Equatable {
    public let publicPart: String
    public let privatePart: String

    public init(_ event: SecurityEvent) {
        publicPart = event.kind.rawValue
        let metadata = event.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        privatePart = ([event.message] + metadata).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
