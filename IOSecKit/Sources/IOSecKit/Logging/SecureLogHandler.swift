import Foundation
#if canImport(IOSecKitBase)  // A module of its own in SwiftPM; the same module under CocoaPods.
import IOSecKitBase
#endif
import Logging

extension Redactor {
    /// Metadata with the values of sensitive keys replaced and every string redacted, recursively.
    public func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var result: Logger.Metadata = [:]
        result.reserveCapacity(metadata.count)
        for (key, value) in metadata {
            if configuration.redactsSensitiveKeyValues && isSensitiveKey(key) {
                result[key] = .string(Self.marker(SensitiveName.classify(key)?.rawValue ?? "credential"))
            } else {
                result[key] = redact(value)
            }
        }
        return result
    }

    /// A metadata value with its strings redacted.
    public func redact(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let string): return .string(redact(string))
        // Rendered now so the original object (which may print a secret) never reaches a sink.
        case .stringConvertible(let convertible): return .string(redact(convertible.description))
        case .dictionary(let dictionary): return .dictionary(redact(dictionary))
        case .array(let array): return .array(array.map { redact($0) })
        }
    }
}

/// A swift-log handler that redacts messages, metadata and errors before they reach the wrapped handler, and
/// drops `.trace` and `.debug` in release builds.
///
/// ```swift
/// LoggingSystem.bootstrap { label in
///     SecureLogHandler(wrapping: StreamLogHandler.standardOutput(label: label))
/// }
/// let log = Logger(label: "com.example.auth")
/// log.info("refreshed", metadata: ["refresh_token": "\(token)"])  // refresh_token=[REDACTED:token]
/// ```
public struct SecureLogHandler: LogHandler {
    /// Whether this library was compiled without `DEBUG` (a release build of the app).
    public static var isReleaseBuild: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    public var upstream: any LogHandler
    public let redactor: Redactor
    /// Drop `.trace` and `.debug` whatever `logLevel` says.
    public let dropsVerboseLevels: Bool
    public var metadata: Logger.Metadata = [:]
    /// Kept here (not in the wrapped handler) so provided metadata is redacted too.
    public var metadataProvider: Logger.MetadataProvider?

    public init(
        wrapping upstream: any LogHandler,
        configuration: RedactionConfiguration = RedactionConfiguration(),
        dropsVerboseLevels: Bool = SecureLogHandler.isReleaseBuild
    ) {
        var upstream = upstream
        self.metadataProvider = upstream.metadataProvider
        // Only touch it when set: handlers without provider support log a warning on assignment.
        if upstream.metadataProvider != nil { upstream.metadataProvider = nil }
        self.upstream = upstream
        self.redactor = Redactor(configuration: configuration)
        self.dropsVerboseLevels = dropsVerboseLevels
    }

    public var logLevel: Logger.Level {
        get { upstream.logLevel }
        set { upstream.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        if dropsVerboseLevels && event.level < .info { return }
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let explicit = event.metadata { merged.merge(explicit) { _, new in new } }
        var redacted = event
        redacted.message = Logger.Message(stringLiteral: redactor.redact(event.message.description))
        redacted.metadata = merged.isEmpty ? nil : redactor.redact(merged)
        if let error = event.error {
            redacted.error = RedactedError(description: redactor.redact(String(describing: error)))
        }
        upstream.log(event: redacted)
    }
}

/// An error replaced by its redacted description.
///
/// ```swift
/// log.error("sync failed", error: error)  // the sink sees RedactedError(description: "…token=[REDACTED:token]")
/// ```
public struct RedactedError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
