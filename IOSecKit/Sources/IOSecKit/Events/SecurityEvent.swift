import Foundation

/// How serious a security event is.
///
/// ```swift
/// SecurityEventRecorder(sinks: sinks, minimumSeverity: .warning)
/// ```
public enum SecuritySeverity: Int, Sendable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    case info = 0, notice, warning, error, critical

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .info: return "info"
        case .notice: return "notice"
        case .warning: return "warning"
        case .error: return "error"
        case .critical: return "critical"
        }
    }
}

/// The security-relevant moments of a passkey-based app.
///
/// ```swift
/// recorder.record(.sessionExpired, metadata: ["session": id])
/// ```
public enum SecurityEventKind: String, Sendable, Codable, CaseIterable {
    case passkeyRegistrationStarted, passkeyRegistrationSucceeded, passkeyRegistrationFailed
    case passkeyAuthenticationStarted, passkeyAuthenticationSucceeded, passkeyAuthenticationFailed
    case biometricSucceeded, biometricFailed, biometricCancelled, biometricLockedOut
    /// A ``DeviceIntegrity`` signal (jailbreak, tamper, debugger).
    case integritySignal
    /// An apple-app-site-association file did not validate: passkeys and universal links will not work.
    case associationFileValidationFailed
    /// Plain HTTP, a failed trust evaluation or a pin mismatch.
    case insecureConnectionAttempt
    case sessionExpired
    case unauthorizedAccessAttempt
    /// Events were dropped because a burst exceeded the buffer; metadata `count` says how many.
    case eventsDropped

    /// The severity used when none is given.
    public var defaultSeverity: SecuritySeverity {
        switch self {
        case .passkeyRegistrationStarted, .passkeyAuthenticationStarted, .passkeyRegistrationSucceeded,
            .passkeyAuthenticationSucceeded, .biometricSucceeded, .biometricCancelled:
            return .info
        case .sessionExpired:
            return .notice
        case .passkeyRegistrationFailed, .passkeyAuthenticationFailed, .biometricFailed, .eventsDropped:
            return .warning
        case .biometricLockedOut, .integritySignal, .associationFileValidationFailed:
            return .error
        case .insecureConnectionAttempt, .unauthorizedAccessAttempt:
            return .critical
        }
    }
}

/// One recorded event. Its message and metadata have already been redacted when it is created by
/// ``SecurityEventRecorder``.
///
/// ```swift
/// recorder.record(.passkeyAuthenticationFailed, "assertion rejected", metadata: ["reason": "signCount"])
/// ```
public struct SecurityEvent: Sendable, Codable, Equatable {
    public var id: UUID
    public var date: Date
    public var kind: SecurityEventKind
    public var severity: SecuritySeverity
    public var message: String
    public var metadata: [String: String]

    public init(
        id: UUID = UUID(), date: Date = Date(), kind: SecurityEventKind, severity: SecuritySeverity? = nil,
        message: String = "", metadata: [String: String] = [:]
    ) {
        self.id = id
        self.date = date
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.message = message
        self.metadata = metadata
    }
}

/// A destination for events. Sinks receive batches in order from one task at a time.
///
/// ```swift
/// struct ServerSink: SecurityEventSink {
///     func write(_ events: [SecurityEvent]) async { await api.upload(events) }
/// }
/// ```
public protocol SecurityEventSink: Sendable {
    func write(_ events: [SecurityEvent]) async
}
