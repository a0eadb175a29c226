import Foundation
#if canImport(IOSecKitBase)  // A module of its own in SwiftPM; the same module under CocoaPods.
import IOSecKitBase
#endif

/// The pins of one host (and optionally its subdomains).
///
/// At least two pins are required: one for the key in use and a backup for a key kept offline, so that a key
/// rotation or compromise does not lock every installed app out of the server. Pass `allowSinglePin: true`
/// only when you knowingly accept that risk.
///
/// ```swift
/// let api = try PinnedDomain(
///     host: "api.example.com",
///     pins: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",   // current intermediate CA key
///            "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],  // backup key, kept offline
///     includesSubdomains: true,
///     expires: Date(timeIntervalSinceNow: 60 * 60 * 24 * 365))
/// ```
public struct PinnedDomain: Sendable, Hashable {
    /// Lower-cased host without a trailing dot.
    public let host: String
    public let pins: Set<SPKIPin>
    public let includesSubdomains: Bool
    /// After this date the pins are no longer enforced (the connection is allowed and a report is sent), so an app
    /// that is never updated cannot be bricked by a key rotation.
    public let expires: Date?

    public init(
        host: String,
        pins: [String],
        includesSubdomains: Bool = false,
        expires: Date? = nil,
        allowSinglePin: Bool = false
    ) throws(PinConfigurationError) {
        let normalized = PinnedDomain.normalize(host)
        // A host that can never equal a connection's host would leave that host unpinned without a word.
        if normalized.contains("*") { throw .wildcardHost(host) }
        if normalized.contains("://") { throw .urlNotHost(host) }
        if normalized.contains(":") { throw .hostWithPort(host) }
        guard Self.isHostName(normalized) else { throw .invalidHost(host) }
        if includesSubdomains && PublicSuffix.isPublicSuffix(normalized) {
            throw .publicSuffixWithSubdomains(normalized)
        }
        var parsed = Set<SPKIPin>()
        for text in pins {
            guard let pin = SPKIPin(base64: text) else { throw .invalidPin(host: normalized, value: text) }
            parsed.insert(pin)
        }
        guard !parsed.isEmpty else { throw .noPins(host: normalized) }
        if parsed.count < 2 && !allowSinglePin { throw .missingBackupPin(host: normalized) }
        self.host = normalized
        self.pins = parsed
        self.includesSubdomains = includesSubdomains
        self.expires = expires
    }

    /// Whether this entry covers `host` (already normalized).
    func covers(_ host: String) -> Bool {
        if host == self.host { return true }
        return includesSubdomains && host.hasSuffix("." + self.host)
    }

    /// Letters, digits and hyphens in dot-separated labels of 1–63 characters, not starting or ending with a hyphen,
    /// 253 characters at most (RFC 1123); an IPv4 address passes too.
    static func isHostName(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
            return label.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
        }
    }

    static func normalize(_ host: String) -> String {
        var value = host.trimmingCharacters(in: .whitespaces).lowercased()
        while value.hasSuffix(".") { value.removeLast() }
        return value
    }
}

/// The set of pinned hosts an app enforces, and whether a mismatch blocks or is only reported.
///
/// ```swift
/// let pins = try PinSet([api, cdn], mode: .reportOnly)  // roll out first, enforce in the next release
/// ```
public struct PinSet: Sendable {
    /// What a pin mismatch does.
    public enum Mode: String, Sendable, Codable {
        /// Block the connection and report.
        case enforce
        /// Allow the connection and report: use while rolling pins out.
        case reportOnly
    }

    public let domains: [PinnedDomain]
    public let mode: Mode

    public init(_ domains: [PinnedDomain], mode: Mode = .enforce) throws(PinConfigurationError) {
        var seen = Set<String>()
        for domain in domains where !seen.insert(domain.host).inserted {
            throw .duplicateHost(domain.host)
        }
        self.domains = domains
        self.mode = mode
    }

    /// The entry governing `host`: an exact entry first, then the closest parent that includes subdomains.
    public func domain(for host: String) -> PinnedDomain? {
        let normalized = PinnedDomain.normalize(host)
        var best: PinnedDomain?
        for domain in domains where domain.covers(normalized) {
            if domain.host == normalized { return domain }
            if best == nil || domain.host.count > best!.host.count { best = domain }
        }
        return best
    }
}

/// A pin configuration mistake, found when the app builds its ``PinSet``.
///
/// ```swift
/// do { _ = try PinnedDomain(host: "api.example.com", pins: [onlyPin]) }
/// catch { print(error) }  // only one pin for api.example.com: add a backup pin …
/// ```
public enum PinConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidHost(String)
    /// `*.example.com`: pins apply to exact hosts; use `includesSubdomains: true` on `example.com`.
    case wildcardHost(String)
    /// `api.example.com:443`: pins apply to a host on every port.
    case hostWithPort(String)
    /// `https://api.example.com`: give the host alone.
    case urlNotHost(String)
    /// `includesSubdomains` on a public suffix (`com`, `co.uk`, `github.io`) would pin every site under it.
    case publicSuffixWithSubdomains(String)
    case invalidPin(host: String, value: String)
    case noPins(host: String)
    case missingBackupPin(host: String)
    case duplicateHost(String)

    public var description: String {
        switch self {
        case .invalidHost(let host): return "'\(host)' is not a host name"
        case .wildcardHost(let host):
            return "'\(host)' has a wildcard, which never matches a host: pin the parent domain with "
                + "includesSubdomains: true"
        case .hostWithPort(let host): return "'\(host)' has a port: pins apply to the host alone, on every port"
        case .urlNotHost(let host): return "'\(host)' is a URL: give the host name alone"
        case .publicSuffixWithSubdomains(let host):
            return "\(host) is a public suffix: includesSubdomains would pin every site under it; pin your own domain"
        case .invalidPin(let host, let value):
            return "pin '\(value)' for \(host) is not base64 of a SHA-256 digest (use `iosec pin` to compute pins)"
        case .noPins(let host): return "no pins for \(host)"
        case .missingBackupPin(let host):
            return "only one pin for \(host): add a backup pin (a key kept offline, or another CA's key) "
                + "or pass allowSinglePin: true"
        case .duplicateHost(let host): return "\(host) is pinned twice; merge the entries"
        }
    }
}
