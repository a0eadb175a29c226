import Foundation
import IOSecCore

/// What pin validation found for one connection.
///
/// ```swift
/// if case .matched(_, let index) = result.outcome { print("pinned key at chain position \(index)") }
/// ```
public enum PinningOutcome: Sendable, Equatable {
    /// The host has no pins: nothing to check.
    case notPinned
    /// A certificate of the chain (index 0 = leaf) has a pinned key.
    case matched(pin: SPKIPin, certificateIndex: Int)
    /// No certificate in the chain has a pinned key.
    case mismatch
    /// The pins expired: not enforced.
    case pinsExpired
    /// The chain was empty or a certificate could not be parsed.
    case unreadableChain
}

/// A pin-validation report, shaped after HPKP's report format, for a monitoring endpoint or SecurityEvents.
///
/// ```swift
/// let json = try JSONEncoder().encode(report)  // post to a monitoring endpoint
/// ```
public struct PinValidationReport: Sendable, Equatable, Codable {
    public var date: Date
    public var hostname: String
    public var port: Int?
    public var pinnedHost: String
    public var includesSubdomains: Bool
    public var mode: PinSet.Mode
    /// Whether the connection was blocked.
    public var enforced: Bool
    public var outcome: String
    /// Pins of the served chain, leaf first.
    public var servedChainPins: [String]
    public var knownPins: [String]
}

/// The decision for one connection.
///
/// ```swift
/// let result = evaluator.evaluate(host: host, chain: der)
/// if !result.allowsConnection { cancel() }
/// ```
public struct PinningResult: Sendable, Equatable {
    public var outcome: PinningOutcome
    /// Whether the connection may proceed.
    public var allowsConnection: Bool
    /// Set when something should be reported (mismatch, expired pins, unreadable chain).
    public var report: PinValidationReport?
}

/// Checks a certificate chain against a ``PinSet``.
///
/// Call it only after normal trust evaluation succeeded: pinning narrows trust, it never replaces it. The chain
/// passes if any certificate's SubjectPublicKeyInfo hash is pinned (leaf, intermediate or root), as
/// `NSPinnedDomains` does.
///
/// ```swift
/// let evaluator = PinningEvaluator(pins: pinSet) { report in events.record(.insecureConnection(report)) }
/// let result = evaluator.evaluate(host: "api.example.com", chain: derCertificates)
/// guard result.allowsConnection else { return cancel() }
/// ```
public struct PinningEvaluator: Sendable {
    public let pins: PinSet
    private let now: @Sendable () -> Date
    private let reporter: (@Sendable (PinValidationReport) -> Void)?

    public init(
        pins: PinSet,
        now: @escaping @Sendable () -> Date = { Date() },
        reporter: (@Sendable (PinValidationReport) -> Void)? = nil
    ) {
        self.pins = pins
        self.now = now
        self.reporter = reporter
    }

    /// Evaluates the DER certificates served by `host` (leaf first, as presented).
    public func evaluate(host: String, port: Int? = nil, chain: [[UInt8]]) -> PinningResult {
        guard let domain = pins.domain(for: host) else {
            return PinningResult(outcome: .notPinned, allowsConnection: true, report: nil)
        }
        var served: [SPKIPin] = []
        var unreadable = chain.isEmpty
        for certificate in chain {
            do {
                served.append(try SPKIPin(certificateDER: certificate))
            } catch {
                unreadable = true
            }
        }
        let date = now()
        let outcome: PinningOutcome
        if let expires = domain.expires, date >= expires {
            outcome = .pinsExpired
        } else if let index = served.firstIndex(where: domain.pins.contains) {
            outcome = .matched(pin: served[index], certificateIndex: index)
        } else {
            outcome = unreadable ? .unreadableChain : .mismatch
        }

        let allows: Bool
        switch outcome {
        case .notPinned, .matched, .pinsExpired: allows = true
        case .mismatch, .unreadableChain: allows = pins.mode == .reportOnly
        }
        if case .matched = outcome {
            return PinningResult(outcome: outcome, allowsConnection: true, report: nil)
        }
        let report = PinValidationReport(
            date: date, hostname: PinnedDomain.normalize(host), port: port, pinnedHost: domain.host,
            includesSubdomains: domain.includesSubdomains, mode: pins.mode, enforced: !allows,
            outcome: Self.name(outcome), servedChainPins: served.map(\.base64),
            knownPins: domain.pins.map(\.base64).sorted())
        reporter?(report)
        return PinningResult(outcome: outcome, allowsConnection: allows, report: report)
    }

    private static func name(_ outcome: PinningOutcome) -> String {
        switch outcome {
        case .notPinned: return "not-pinned"
        case .matched: return "matched"
        case .mismatch: return "pin-mismatch"
        case .pinsExpired: return "pins-expired"
        case .unreadableChain: return "unreadable-chain"
        }
    }
}
