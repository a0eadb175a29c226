/// One sign that the device or process may be compromised.
///
/// A signal is evidence, not proof: weigh its ``confidence`` and never lock a user out on one low-confidence
/// signal.
///
/// ```swift
/// for signal in DeviceIntegrity().check() where signal.confidence == .high { report(signal) }
/// ```
public struct IntegritySignal: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A file or folder that only jailbreaks install.
        case jailbreakArtifact
        /// A system location outside the sandbox accepted a write.
        case writableSystemLocation
        /// A hooking or instrumentation library is loaded in the process.
        case suspiciousLibrary
        /// A jailbreak store or tool answers its URL scheme.
        case suspiciousURLScheme
        /// A debugger is attached to the process.
        case debuggerAttached
        /// `DYLD_INSERT_LIBRARIES` (or similar) injects code into the process.
        case libraryInjection
    }

    public enum Confidence: Int, Sendable, Codable, Comparable {
        case low = 0, medium, high
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind
    /// The path, library, scheme or variable that triggered the signal.
    public var detail: String
    public var confidence: Confidence

    public init(kind: Kind, detail: String, confidence: Confidence) {
        self.kind = kind
        self.detail = detail
        self.confidence = confidence
    }

    public var description: String { "\(kind.rawValue) (\(confidence)): \(detail)" }
}
