import Foundation

/// What to do with a web-view navigation.
///
/// ```swift
/// switch policy.decide(url) { case .allow: load(); case .openExternally: open(url); case .cancel: break }
/// ```
public enum WebNavigationDecision: Sendable, Equatable {
    case allow
    /// Hand to the system (mail, phone, another app) instead of loading in the web view.
    case openExternally
    case cancel(reason: String)
}

/// HTTPS-only navigation restricted to an allow-list of hosts, for WKWebView content.
///
/// ```swift
/// let policy = WebNavigationPolicy(allowedHosts: [.init("example.com", includesSubdomains: true)])
/// policy.decide(URL(string: "https://help.example.com/faq"))      // .allow
/// policy.decide(URL(string: "http://example.com"))                // .cancel(reason: "…HTTPS…")
/// policy.decide(URL(string: "https://example.com.evil.io"))       // .cancel(reason: "…not allowed…")
/// policy.decide(URL(string: "mailto:help@example.com"))           // .openExternally
/// ```
public struct WebNavigationPolicy: Sendable {
    public struct HostRule: Sendable, Hashable {
        public let host: String
        public let includesSubdomains: Bool

        public init(_ host: String, includesSubdomains: Bool = false) {
            var value = host.lowercased()
            while value.hasSuffix(".") { value.removeLast() }
            self.host = value
            self.includesSubdomains = includesSubdomains
        }

        func matches(_ host: String) -> Bool {
            host == self.host || (includesSubdomains && host.hasSuffix("." + self.host))
        }
    }

    public let allowedHosts: [HostRule]
    /// Schemes handed to the system rather than loaded.
    public let externalSchemes: Set<String>

    public init(allowedHosts: [HostRule], externalSchemes: Set<String> = ["mailto", "tel", "sms", "facetime"]) {
        self.allowedHosts = allowedHosts
        self.externalSchemes = Set(externalSchemes.map { $0.lowercased() })
    }

    /// The decision for navigating to `url`. Subframes may load `about:blank` / `about:srcdoc`.
    public func decide(_ url: URL?, isMainFrame: Bool = true) -> WebNavigationDecision {
        guard let url, let scheme = url.scheme?.lowercased() else { return .cancel(reason: "no URL") }
        if externalSchemes.contains(scheme) {
            return isMainFrame ? .openExternally : .cancel(reason: "external scheme in a frame")
        }
        if scheme == "about" {
            let target = url.absoluteString.lowercased()
            if !isMainFrame && (target == "about:blank" || target == "about:srcdoc") { return .allow }
            return .cancel(reason: "about: pages are not allowed in the main frame")
        }
        guard scheme == "https" else { return .cancel(reason: "only HTTPS is allowed (got \(scheme):)") }
        guard var host = url.host?.lowercased(), !host.isEmpty else { return .cancel(reason: "no host") }
        while host.hasSuffix(".") { host.removeLast() }
        if url.user != nil || url.password != nil { return .cancel(reason: "credentials in URLs are not allowed") }
        guard allowedHosts.contains(where: { $0.matches(host) }) else {
            return .cancel(reason: "host \(host) is not allowed")
        }
        return .allow
    }
}
