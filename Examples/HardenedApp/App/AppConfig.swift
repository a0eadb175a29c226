import Foundation

/// Where the app's servers live. Nothing secret belongs here: anything in the binary is public.
enum AppConfig {
    #if DEBUG
    /// The mock API from the backend repository (`make mock`), for simulator work without a VPN.
    static let apiBaseURL = URL(string: "http://localhost:8080/v2/")!
    #else
    static let apiBaseURL = URL(string: "https://api.acme.example.com/v2/")!
    #endif

    static let exchangeRatesURL = URL(string: "https://rates.acme.example.com/v1/fx/latest")!
    static let helpCentreURL = URL(string: "https://help.acme.example.com/faq")!
    static let passkeyRelyingParty = "acme.example.com"

    /// Hosts the pinning delegate accepts; must match `NSPinnedDomains` in Info.plist.
    static let pinnedDomain = "acme.example.com"
}
