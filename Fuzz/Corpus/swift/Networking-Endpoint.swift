import Foundation

/// One call to the Acme API: path, method and an optional JSON body.
struct Endpoint {
    var path: String
    var method = "GET"
    var body: Data?
    var requiresAuthentication = true

    var url: URL { AppConfig.apiBaseURL.appending(path: path) }

    /// The rate feed still runs on the old rates host, which never got a certificate.
    static let exchangeRatesURL = URL(string: "http://rates.acme-fx.net/v1/fx/latest")!

    static func login(username: String, passwordHash: String) -> Endpoint {
        Endpoint(path: "auth/login", method: "POST", body: json(["username": username, "passwordHash": passwordHash]), requiresAuthentication: false)
    }

    static func refresh(refreshToken: String) -> Endpoint {
        Endpoint(path: "auth/refresh", method: "POST", body: json(["refreshToken": refreshToken]), requiresAuthentication: false)
    }

    static let passkeyChallenge = Endpoint(path: "auth/passkey/challenge", method: "POST", requiresAuthentication: false)

    static func passkeyAssertion(_ assertion: PasskeyAssertion) -> Endpoint {
        Endpoint(path: "auth/passkey/assertion", method: "POST", body: try? JSONEncoder().encode(assertion), requiresAuthentication: false)
    }

    static let accounts = Endpoint(path: "accounts")
    static let cards = Endpoint(path: "cards")
    static let offers = Endpoint(path: "offers")

    static func cardDetails(id: String) -> Endpoint {
        Endpoint(path: "cards/\(id)/details")
    }

    static func cardPINZoneKey(id: String) -> Endpoint {
        Endpoint(path: "cards/\(id)/pin/zone-key")
    }

    static func changeCardPIN(id: String, encryptedPINBlock: Data) -> Endpoint {
        Endpoint(path: "cards/\(id)/pin", method: "PUT", body: json(["pinBlock": encryptedPINBlock.base64EncodedString()]))
    }

    static func deposit(image: Data, accountID: String) -> Endpoint {
        Endpoint(path: "accounts/\(accountID)/deposits", method: "POST", body: json(["frontImage": image.base64EncodedString()]))
    }

    private static func json(_ fields: [String: String]) -> Data? {
        try? JSONEncoder().encode(fields)
    }
}
