import Foundation
import WebKit

/// Curated dApps the in-app browser exposes the provider to.
enum DAppAllowlist {
    struct Entry: Hashable, Identifiable {
        let host: String
        let name: String
        let includesSubdomains: Bool

        var id: String { host }
        var url: URL { URL(string: "https://\(host)")! }
    }

    static let entries: [Entry] = [
        Entry(host: "app.uniswap.org", name: "Uniswap", includesSubdomains: false),
        Entry(host: "app.aave.com", name: "Aave", includesSubdomains: false),
        Entry(host: "swap.cow.fi", name: "CoW Swap", includesSubdomains: false),
        Entry(host: "curve.fi", name: "Curve", includesSubdomains: true),
        Entry(host: "app.ens.domains", name: "ENS", includesSubdomains: false),
        Entry(host: "app.safe.global", name: "Safe", includesSubdomains: false),
    ]

    static func entry(forHost host: String) -> Entry? {
        let host = host.lowercased()
        return entries.first { host == $0.host || ($0.includesSubdomains && host.hasSuffix("." + $0.host)) }
    }

    static func isAllowed(url: URL) -> Bool {
        guard url.scheme?.lowercased() == "https", let host = url.host else { return false }
        return entry(forHost: host) != nil
    }

    /// For script messages: the origin comes from WebKit's frame info, never from page content.
    static func isAllowed(origin: WKSecurityOrigin) -> Bool {
        guard origin.protocol == "https", origin.port == 0 || origin.port == 443 else { return false }
        return entry(forHost: origin.host) != nil
    }
}

/// Origins the user approved via `eth_requestAccounts`. Only the public address is shared.
@MainActor
final class ConnectedSitesStore: ObservableObject {
    private static let defaultsKey = "dapps.connectedOrigins"

    @Published private(set) var origins: Set<String>
    private let defaults: UserDefaults

    init(defaults: UserDefaults) {
        self.defaults = defaults
        self.origins = Set(defaults.stringArray(forKey: Self.defaultsKey) ?? [])
    }

    func isConnected(_ origin: String) -> Bool { origins.contains(origin.lowercased()) }

    func connect(_ origin: String) {
        origins.insert(origin.lowercased())
        defaults.set(origins.sorted(), forKey: Self.defaultsKey)
        Log.browser.info("Connected \(origin, privacy: .public)")
    }

    func disconnect(_ origin: String) {
        origins.remove(origin.lowercased())
        defaults.set(origins.sorted(), forKey: Self.defaultsKey)
    }

    func disconnectAll() {
        origins.removeAll()
        defaults.removeObject(forKey: Self.defaultsKey)
    }
}
