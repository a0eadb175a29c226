import Foundation
import Security

enum APIError: Error {
    case unauthorized
    case server(status: Int)
    case invalidResponse
    case randomUnavailable
}

/// Talks JSON to the Acme API over a pinned, cache-free session.
actor APIClient {
    static let shared = APIClient()

    private let session: URLSession
    private let decoder = JSONDecoder()
    private var accessToken: String?

    init() {
        // Ephemeral and without a URLCache: balances, card details and tokens never reach disk.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        configuration.timeoutIntervalForRequest = 30
        configuration.httpAdditionalHeaders = ["Accept": "application/json"]
        session = URLSession(configuration: configuration, delegate: PinnedSessionDelegate(), delegateQueue: nil)
    }

    func setAccessToken(_ token: String?) {
        accessToken = token
    }

    /// Retries server errors twice, with a little jitter so clients that failed together don't retry together.
    func send<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response {
        var attempt = 0
        while true {
            do {
                return try await perform(endpoint)
            } catch APIError.server(let status) where status >= 500 && attempt < 2 {
                attempt += 1
                let delayMilliseconds = UInt64(attempt * 500 + Int.random(in: 0...250))
                try await Task.sleep(nanoseconds: delayMilliseconds * 1_000_000)
            }
        }
    }

    func passkeyChallenge() async throws -> Data {
        let response: PasskeyChallenge = try await send(.passkeyChallenge)
        guard let challenge = Data(base64URLEncoded: response.challenge) else { throw APIError.invalidResponse }
        return challenge
    }

    func exchangeRates() async throws -> [ExchangeRate] {
        let (data, response) = try await session.data(from: AppConfig.exchangeRatesURL)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw APIError.invalidResponse }
        return try decoder.decode([ExchangeRate].self, from: data)
    }

    /// Other downloads (offer artwork) go through the same pinned session.
    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await session.data(for: request)
    }

    private func perform<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response {
        var request = URLRequest(url: endpoint.url)
        request.httpMethod = endpoint.method
        request.httpBody = endpoint.body
        if endpoint.body != nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if endpoint.requiresAuthentication, let accessToken {
            request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        }
        request.setValue(try Self.makeNonce(), forHTTPHeaderField: "X-Request-Nonce")

        #if DEBUG
        print("→ \(endpoint.method) \(endpoint.path)")
        #endif

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

    /// 128 bits from the system CSPRNG, hex encoded; the server rejects replays.
    private static func makeNonce() throws -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        guard status == errSecSuccess else { throw APIError.randomUnavailable }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
