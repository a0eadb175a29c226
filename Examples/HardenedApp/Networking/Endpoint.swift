import Foundation

/// One call to the Acme API: path, method and an optional JSON body.
struct Endpoint {
    var path: String
    var method = "GET"
    var body: Data?
    var requiresAuthentication = true

    var url: URL { AppConfig.apiBaseURL.appending(path: path) }

    static func login(username: String, password: String) -> Endpoint {
        Endpoint(path: "auth/login", method: "POST", body: json(["username": username, "password": password]), requiresAuthentication: false)
    }

    static func refresh(refreshToken: String) -> Endpoint {
        Endpoint(path: "auth/refresh", method: "POST", body: json(["refreshToken": refreshToken]), requiresAuthentication: false)
    }

    static let passkeyChallenge = Endpoint(path: "auth/passkey/challenge", method: "POST", requiresAuthentication: false)

    static func passkeyAssertion(_ assertion: PasskeyAssertion) -> Endpoint {
        Endpoint(path: "auth/passkey/assertion", method: "POST", body: json(assertion), requiresAuthentication: false)
    }

    static let accounts = Endpoint(path: "accounts")
    static let cards = Endpoint(path: "cards")
    static let offers = Endpoint(path: "offers")

    static func cardDetails(id: String) -> Endpoint {
        Endpoint(path: "cards/\(id)/details")
    }

    /// The PIN goes to our API inside pinned TLS; the backend builds the processor's PIN block in its HSM.
    static func changeCardPIN(id: String, pin: String) -> Endpoint {
        Endpoint(path: "cards/\(id)/pin", method: "PUT", body: json(["pin": pin]))
    }

    static func deposit(image: Data, accountID: String) -> Endpoint {
        Endpoint(path: "accounts/\(accountID)/deposits", method: "POST", body: json(["frontImage": image.base64EncodedString()]))
    }

    static func topUp(_ request: TopUpRequest) -> Endpoint {
        Endpoint(path: "top-ups", method: "POST", body: json(request))
    }

    private static func json<Body: Encodable>(_ body: Body) -> Data? {
        try? JSONEncoder().encode(body)
    }
}
