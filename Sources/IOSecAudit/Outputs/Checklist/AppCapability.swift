/// Things an app may or may not do, recorded as facts so the checklist can tell "not applicable" (no web view at all)
/// from "pass" (web views, and the web-view rules found nothing).
public enum AppCapability: String, Sendable, CaseIterable, Codable {
    case network
    case webView = "web-view"
    case keychain
    case localAuthentication = "local-authentication"
    case pasteboard

    /// What the checklist says when the app shows no sign of it.
    public var absence: String {
        switch self {
        case .network: "no network code (URLSession, URLRequest, NWConnection, a networking library)"
        case .webView: "no web view (WKWebView, UIWebView, WebKit)"
        case .keychain: "no Keychain use (SecItem calls, kSecClass…, IOSecKit's KeychainStore, a Keychain library)"
        case .localAuthentication:
            "no local authentication (LAContext, biometric access control, IOSecKit's BiometricGate)"
        case .pasteboard: "no pasteboard use (UIPasteboard, IOSecKit's SecurePasteboard)"
        }
    }

    /// Types, functions and constants whose use shows the capability, as Swift and Objective-C spell them.
    static let symbols: [String: [AppCapability]] = {
        var table: [String: [AppCapability]] = [:]
        let lists: [(AppCapability, [String])] = [
            (
                .network,
                [
                    "URLSession", "URLRequest", "URLSessionConfiguration", "NSURLSession", "NSURLRequest",
                    "NSMutableURLRequest", "NSURLConnection", "NSURLSessionConfiguration", "NWConnection"
                ]
            ),
            (
                .webView,
                [
                    "WKWebView", "UIWebView", "WKWebViewConfiguration", "WKNavigationDelegate", "WKUIDelegate",
                    "WKUserContentController"
                ]
            ),
            (
                .keychain,
                [
                    "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "SecItemDelete", "kSecClassGenericPassword",
                    "kSecClassInternetPassword", "kSecClassKey", "kSecClassCertificate", "kSecClassIdentity",
                    "KeychainStore", "SessionStore", "BiometricSecretStore"
                ]
            ),
            (
                .localAuthentication,
                [
                    "LAContext", "LAPolicy", "BiometricGate", "BiometricSecretStore", "LAContextAuthenticator",
                    "LAPolicyDeviceOwnerAuthenticationWithBiometrics", "LAPolicyDeviceOwnerAuthentication",
                    "kSecAccessControlBiometryAny", "kSecAccessControlBiometryCurrentSet",
                    "kSecAccessControlUserPresence"
                ]
            ),
            (.pasteboard, ["UIPasteboard", "SecurePasteboard", "UIPasteboardBackend"])
        ]
        for (capability, names) in lists {
            for name in names { table[name, default: []].append(capability) }
        }
        return table
    }()

    /// Swift names that Objective-C code spells differently, so that an Objective-C token of that name is something
    /// else: the `URLSession:` selector piece of a delegate method, a class of the app's own.
    static let swiftOnlySymbols: Set<String> = [
        "URLSession", "URLRequest", "URLSessionConfiguration", "LAPolicy", "KeychainStore", "SessionStore",
        "BiometricSecretStore", "BiometricGate", "LAContextAuthenticator", "SecurePasteboard", "UIPasteboardBackend"
    ]

    /// Access-control flags that only biometric or passcode protection uses (`.biometryCurrentSet`).
    static let memberSymbols: [String: AppCapability] = [
        "biometryCurrentSet": .localAuthentication, "biometryAny": .localAuthentication,
        "touchIDCurrentSet": .localAuthentication, "touchIDAny": .localAuthentication,
        "deviceOwnerAuthenticationWithBiometrics": .localAuthentication
    ]

    /// Modules whose import shows the capability.
    static let modules: [String: AppCapability] = [
        "WebKit": .webView, "LocalAuthentication": .localAuthentication, "Alamofire": .network, "Moya": .network,
        "Apollo": .network, "KeychainAccess": .keychain, "Valet": .keychain, "SimpleKeychain": .keychain,
        "KeychainSwift": .keychain
    ]
}
