/// One entry of `com.apple.developer.associated-domains`: `<service>:<domain>[?mode=…]`.
///
/// ```swift
/// let d = AssociatedDomain("applinks:*.example.com?mode=developer")
/// d?.service          // .applinks
/// d?.domain           // "example.com"
/// d?.includesSubdomains  // true
/// d?.modes            // [.developer]
/// ```
public struct AssociatedDomain: Sendable, Equatable {
    public enum Service: Sendable, Equatable {
        case applinks, webcredentials, appclips, activitycontinuation
        case other(String)

        init(_ raw: String) {
            switch raw {
            case "applinks": self = .applinks
            case "webcredentials": self = .webcredentials
            case "appclips": self = .appclips
            case "activitycontinuation": self = .activitycontinuation
            default: self = .other(raw)
            }
        }
    }

    /// Alternate fetch modes [verify: semantics per APPLE.md C.1, Apple's text was truncated].
    public enum Mode: String, Sendable, Equatable {
        /// Fetch from the site, bypassing Apple's CDN; development-signed apps only.
        case developer
        /// Fetch from the site for MDM-managed apps/devices.
        case managed
    }

    public let raw: String
    public let service: Service
    /// The domain without a leading `*.`.
    public let domain: String
    /// `*.` prefix: matches subdomains (not allowed for `appclips`).
    public let includesSubdomains: Bool
    public let modes: [Mode]

    public init?(_ raw: String) {
        guard Self.problem(with: raw) == nil else { return nil }
        self.init(unchecked: raw)
    }

    // Searched as UTF-8 bytes, not Characters: grapheme breaking was most of the time for an entitlements file
    // listing 400,000 domains (`iosec-bench large-inputs`). The separators are ASCII, so the indices are valid.
    private init(unchecked raw: String) {
        self.raw = raw
        // Callers have checked that there is a colon (`problem(with:)`).
        let colon = raw.utf8.firstIndex(of: UInt8(ascii: ":"))
        service = Service(colon.map { String(raw[..<$0]) } ?? "")
        var rest = colon.map { raw[raw.utf8.index(after: $0)...] } ?? raw[...]
        var modes: [Mode] = []
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            let query = rest[rest.utf8.index(after: q)...]
            rest = rest[..<q]
            if query.utf8.starts(with: "mode=".utf8) {
                // `developer+managed` combines both.
                modes = query.utf8.dropFirst(5).split(separator: UInt8(ascii: "+")).compactMap {
                    Mode(rawValue: String(decoding: $0, as: UTF8.self))
                }
            }
        }
        includesSubdomains = rest.utf8.starts(with: "*.".utf8)
        domain = String(includesSubdomains ? rest.dropFirst(2) : rest)
        self.modes = modes
    }

    /// Why the entry is malformed, or nil.
    public static func problem(with raw: String) -> String? {
        guard let colon = raw.utf8.firstIndex(of: UInt8(ascii: ":")), colon != raw.startIndex else {
            return "\"\(raw)\" must be <service>:<domain>, e.g. applinks:example.com"
        }
        let d = AssociatedDomain(unchecked: raw)
        if case .other(let s) = d.service {
            return
                "\"\(raw)\": unknown service \"\(s)\"; use applinks, webcredentials, appclips or activitycontinuation"
        }
        if d.domain.isEmpty { return "\"\(raw)\" has no domain" }
        if d.domain.utf8.contains(UInt8(ascii: "/")) {
            return "\"\(raw)\": give a bare domain (no scheme or path)"
        }
        if d.domain.utf8.contains(UInt8(ascii: "*")) { return "\"\(raw)\": `*` is only allowed as a leading `*.`" }
        if d.includesSubdomains && d.service == .appclips {
            return "\"\(raw)\": app clips do not support wildcard domains"
        }
        if let q = raw.utf8.firstIndex(of: UInt8(ascii: "?")) {
            let query = raw[raw.utf8.index(after: q)...]
            let values = query.hasPrefix("mode=") ? query.dropFirst(5).split(separator: "+").map(String.init) : []
            if values.isEmpty || values.contains(where: { Mode(rawValue: $0) == nil }) {
                return
                    "\"\(raw)\": unknown suffix \"?\(query)\"; only ?mode=developer, ?mode=managed or ?mode=developer+managed exist"
            }
        }
        return nil
    }
}
