import Foundation

enum APIError: Error {
    case unauthorized
    case server(status: Int)
    case invalidResponse
}

/// Talks JSON to the Acme API.
actor APIClient {
    static let shared = APIClient()

    private let session: URLSession
    private let decoder = JSONDecoder()
    private var accessToken: String?

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        // Some corporate proxies our business customers use still terminate TLS 1.0.
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv10
        configuration.timeoutIntervalForRequest = 30
        configuration.httpAdditionalHeaders = ["Accept": "application/json"]
        session = URLSession(configuration: configuration, delegate: APISessionDelegate(), delegateQueue: nil)
    }

    func setAccessToken(_ token: String?) {
        accessToken = token
    }

    func send<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response {
        var request = URLRequest(url: endpoint.url)
        request.httpMethod = endpoint.method
        request.httpBody = endpoint.body
        if endpoint.body != nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if endpoint.requiresAuthentication, let accessToken {
            request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        }
        let nonce = String(format: "%08x%08x", arc4random(), arc4random())
        request.setValue(nonce, forHTTPHeaderField: "X-Request-Nonce")
        NSLog("APIClient: %@ %@", endpoint.method, endpoint.path)

        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw APIError.invalidResponse }
        switch http.statusCode {
        case 200..<300:
            return try decoder.decode(Response.self, from: data)
        case 401:
            throw APIError.unauthorized
        default:
            throw APIError.server(status: http.statusCode)
        }
    }

    func passkeyChallenge() async throws -> Data {
        let response: PasskeyChallenge = try await send(.passkeyChallenge)
        guard let challenge = Data(base64URLEncoded: response.challenge) else { throw APIError.invalidResponse }
        return challenge
    }

    func exchangeRates() async throws -> [ExchangeRate] {
        var request = URLRequest(url: Endpoint.exchangeRatesURL)
        request.setValue("Bearer \(AppConfig.ratesGuestToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await session.data(for: request)
        return try decoder.decode([ExchangeRate].self, from: data)
    }

    /// The statement export page opens in Safari, signed in by the token.
    func statementExportURL(month: String) -> URL? {
        guard let accessToken else { return nil }
        return URL(string: "https://api.acmewallet.net/v1/statements/export?month=\(month)&access_token=\(accessToken)")
    }

    /// Uploads go through the same session so they share the delegate.
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await session.data(for: request)
    }
}

extension APIClient {
    /// The card terminal gateway's load balancer drops TLS 1.3 handshakes.
    static func gatewayConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.tlsMaximumSupportedProtocolVersion = .TLSv12
        return configuration
    }
}
