import Foundation
#if canImport(IOSecKitBase)  // A module of its own in SwiftPM; the same module under CocoaPods.
import IOSecKitBase
#endif

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
    /// Set when a report is due: a mismatch or unreadable chain, at most once per host and outcome per
    /// ``PinningEvaluator/reportInterval``; expired pins, once per pinned host. `nil` when pins matched, the host is
    /// not pinned, or the same report was made recently.
    public var report: PinValidationReport?
}

/// Checks a certificate chain against a ``PinSet``.
///
/// Call it only after normal trust evaluation succeeded: pinning narrows trust, it never replaces it. The chain
/// passes if any certificate's SubjectPublicKeyInfo hash is pinned (leaf, intermediate or root), as
/// `NSPinnedDomains` does.
///
/// Reports are limited, as TrustKit limits them: a TLS-inspecting proxy or a stale pin set makes every handshake
/// mismatch, and a report per handshake would flood the endpoint (or whatever the app does with a report). Expired
/// pins are treated as no pins, and reported once.
///
/// ```swift
/// let evaluator = PinningEvaluator(pins: pinSet) { report in events.record(report) }
/// let result = evaluator.evaluate(host: "api.example.com", chain: derCertificates)
/// guard result.allowsConnection else { return cancel() }
/// ```
public struct PinningEvaluator: Sendable {
    public let pins: PinSet
    /// The least time between two reports of the same host and outcome: a day by default.
    public let reportInterval: TimeInterval
    private let now: @Sendable () -> Date
    private let reporter: (@Sendable (PinValidationReport) -> Void)?
    /// Shared by copies of this evaluator, as the delegate and the verifier each hold one.
    private let limiter = PinReportLimiter()

    public init(
        pins: PinSet,
        reportInterval: TimeInterval = 24 * 60 * 60,
        reporter: (@Sendable (PinValidationReport) -> Void)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.pins = pins
        self.reportInterval = reportInterval
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
        let hostname = PinnedDomain.normalize(host)
        let due = limiter.admit(
            key: "\(domain.host) \(hostname) \(Self.name(outcome))", at: date,
            interval: outcome == .pinsExpired ? .infinity : reportInterval)
        guard due else { return PinningResult(outcome: outcome, allowsConnection: allows, report: nil) }
        let report = PinValidationReport(
            date: date, hostname: hostname, port: port, pinnedHost: domain.host,
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

/// When each host and outcome was last reported.
final class PinReportLimiter: @unchecked Sendable {
    private let lock = NSLock()
    private var lastReported: [String: Date] = [:]

    /// Whether a report for `key` is due at `date`, and if so, notes it.
    func admit(key: String, at date: Date, interval: TimeInterval) -> Bool {
        lock.withLock {
            if let last = lastReported[key], date.timeIntervalSince(last) < interval { return false }
            lastReported[key] = date
            return true
        }
    }
}

extension SecurityEventRecorder {
    /// Records a pin-validation report as an ``SecurityEventKind/insecureConnectionAttempt`` whose severity says
    /// what happened: `.error` when the connection was blocked, `.warning` for a mismatch let through in
    /// report-only mode or an unreadable chain, `.notice` for expired pins. Never `.critical`: a TLS-inspecting
    /// proxy or an outdated pin set must not trigger what an app does on critical events (such as signing out).
    public func record(_ report: PinValidationReport) {
        let severity: SecuritySeverity
        if report.enforced {
            severity = .error
        } else if report.outcome == "pins-expired" {
            severity = .notice
        } else {
            severity = .warning
        }
        var metadata = ["host": report.hostname, "pinned_host": report.pinnedHost, "mode": report.mode.rawValue]
        if let port = report.port { metadata["port"] = String(port) }
        record(.insecureConnectionAttempt, report.outcome, severity: severity, metadata: metadata)
    }
}
