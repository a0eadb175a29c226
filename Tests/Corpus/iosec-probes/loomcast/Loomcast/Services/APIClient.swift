import CryptoKit
import Foundation
import os

protocol TokenProvider: AnyObject {
    func currentAccessToken() async -> String?
    func refreshAccessToken() async throws -> String
}

enum APIError: LocalizedError {
    case unauthorized
    case server(status: Int)
    case invalidResponse

    var errorDescription: String? {
        switch self {
        case .unauthorized: return String(localized: "error.unauthorized", defaultValue: "Your session has expired.")
        case .server(let status): return String(localized: "error.server", defaultValue: "Loomcast is having trouble (\(status)).")
        case .invalidResponse: return String(localized: "error.invalid", defaultValue: "Unexpected response from Loomcast.")
        }
    }
}

struct Endpoint<Response: Decodable> {
    enum Method: String { case get = "GET", post = "POST", delete = "DELETE" }

    var method: Method = .get
    var path: String
    var query: [URLQueryItem] = []
    var body: Data?
    var requiresAuth = true

    static func post<Body: Encodable>(_ path: String, body: Body, requiresAuth: Bool = true) throws -> Endpoint {
        Endpoint(method: .post, path: path, body: try JSONEncoder.api.encode(body), requiresAuth: requiresAuth)
    }
}

struct EmptyResponse: Decodable {}

final class APIClient: @unchecked Sendable {
    let baseURL: URL
    weak var tokenProvider: TokenProvider?

    private let session: URLSession
    private let signer = RequestSigner()

    init(baseURL: URL) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
        configuration.timeoutIntervalForRequest = 20
        configuration.httpAdditionalHeaders = ["User-Agent": "Loomcast-iOS/\(Bundle.main.shortVersion) (\(Bundle.main.buildNumber))"]
        session = URLSession(configuration: configuration)
    }

    func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response {
        var request = try await makeRequest(endpoint)
        var (data, status) = try await perform(request)

        if status == 401, endpoint.requiresAuth, let provider = tokenProvider {
            let fresh = try await provider.refreshAccessToken()
            request.setValue("Bearer \(fresh)", forHTTPHeaderField: "Authorization")
            signer.sign(&request)
            (data, status) = try await perform(request)
        }

        switch status {
        case 200..<300:
            if Response.self == EmptyResponse.self { return EmptyResponse() as! Response }
            return try JSONDecoder.api.decode(Response.self, from: data)
        case 401:
            throw APIError.unauthorized
        default:
            throw APIError.server(status: status)
        }
    }

    private func makeRequest<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> URLRequest {
        var components = URLComponents(url: baseURL.appending(path: endpoint.path), resolvingAgainstBaseURL: false)
        if !endpoint.query.isEmpty { components?.queryItems = endpoint.query }
        guard let url = components?.url else { throw URLError(.badURL) }

        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body = endpoint.body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if endpoint.requiresAuth {
            guard let token = await tokenProvider?.currentAccessToken() else { throw APIError.unauthorized }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if endpoint.method != .get {
            signer.sign(&request)
        }
        return request
    }

    private func perform(_ request: URLRequest) async throws -> (Data, Int) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw APIError.invalidResponse }
        Logger.network.debug("\(request.httpMethod ?? "GET", privacy: .public) \(request.url?.path() ?? "-", privacy: .public) → \(http.statusCode)")
        return (data, http.statusCode)
    }
}

/// Adds `X-Loom-Timestamp` / `X-Loom-Signature` so the edge can drop replayed
/// or tampered mutation requests before they reach the API.
struct RequestSigner: Sendable {
    private static let keyID = "ios-2024-03"
    private static let secret = "lcsk_live_5b8e2f0a9c4d47e1b36a0f2d8c1e9b74a6d3f508"

    func sign(_ request: inout URLRequest, at date: Date = .now) {
        let timestamp = String(Int(date.timeIntervalSince1970))
        let bodyDigest = SHA256.hash(data: request.httpBody ?? Data()).hexString
        let canonical = [request.httpMethod ?? "GET", request.url?.path() ?? "/", timestamp, bodyDigest].joined(separator: "\n")

        let mac = HMAC<SHA256>.authenticationCode(for: Data(canonical.utf8), using: SymmetricKey(data: Data(Self.secret.utf8)))
        request.setValue(Self.keyID, forHTTPHeaderField: "X-Loom-Key-Id")
        request.setValue(timestamp, forHTTPHeaderField: "X-Loom-Timestamp")
        request.setValue(Data(mac).base64URLEncodedString(), forHTTPHeaderField: "X-Loom-Signature")
    }
}
