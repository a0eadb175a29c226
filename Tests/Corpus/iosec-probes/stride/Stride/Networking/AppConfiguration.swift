import Foundation

struct OAuthProviderConfiguration {
    let clientID: String
    let authorizeURL: URL
    let scopes: [String]
}

/// Environment-specific values, read from Info.plist.
struct AppConfiguration {
    let apiBaseURL: URL
    let legacySyncBaseURL: URL
    let mixpanelProjectToken: String
    let garmin: OAuthProviderConfiguration
    let strava: OAuthProviderConfiguration
    let callbackScheme = "stride"
    let appGroupIdentifier = "group.com.stridecoach.shared"
    let sharedKeychainGroup: String

    static func load(from bundle: Bundle = .main) -> AppConfiguration {
        func string(_ key: String) -> String {
            guard let value = bundle.object(forInfoDictionaryKey: key) as? String, !value.isEmpty else {
                fatalError("Missing Info.plist key \(key)")
            }
            return value
        }

        var apiBase = URL(string: string("STRAPIBaseURL"))!
        #if DEBUG
        // Lets engineers point a simulator build at `make run-api` without editing Info.plist.
        if ProcessInfo.processInfo.environment["STRIDE_LOCAL_API"] == "1" {
            apiBase = URL(string: "http://localhost:8080/v1")!
        }
        #endif

        let prefix = string("STRAppIdentifierPrefix")

        return AppConfiguration(
            apiBaseURL: apiBase,
            legacySyncBaseURL: URL(string: string("STRLegacySyncBaseURL"))!,
            mixpanelProjectToken: string("STRMixpanelProjectToken"),
            garmin: OAuthProviderConfiguration(
                clientID: string("STRGarminClientID"),
                authorizeURL: URL(string: "https://connect.garmin.com/oauth2Confirm")!,
                scopes: ["activity:read", "health:read"]
            ),
            strava: OAuthProviderConfiguration(
                clientID: string("STRStravaClientID"),
                authorizeURL: URL(string: "https://www.strava.com/oauth/mobile/authorize")!,
                scopes: ["read", "activity:read_all"]
            ),
            sharedKeychainGroup: prefix + "com.stridecoach.shared"
        )
    }
}
