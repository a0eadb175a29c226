import Foundation
import CryptoKit

protocol AccessTokenProviding: AnyObject {
    func validAccessToken() async throws -> String
    func refreshAfterUnauthorized() async throws -> String
}

final class APIClient {
    struct Configuration {
        let baseURL: URL
        var maxRetries = 2
        var requestTimeout: TimeInterval = 30
    }

    weak var tokenProvider: AccessTokenProviding?

    private let configuration: Configuration
    private let session: URLSession
    private let etagCache: ETagCache
    private let decoder = JSONCoding.decoder

    init(configuration: Configuration, session: URLSession, etagCache: ETagCache = ETagCache()) {
        self.configuration = configuration
        self.session = session
        self.etagCache = etagCache
    }

    func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response {
        let requestId = UUID().uuidString.lowercased()
        var attempt = 0
        var didRefreshCredentials = false

        while true {
            let request = try await makeRequest(for: endpoint, requestId: requestId)
            do {
                let (data, response) = try await session.data(for: request)
                guard let http = response as? HTTPURLResponse, let url = request.url else {
                    throw APIError.invalidResponse
                }
                AppLog.network.debug(
                    "\(endpoint.operation, privacy: .public) -> \(http.statusCode) [\(requestId, privacy: .public)] attempt \(attempt)"
                )

                switch http.statusCode {
                case 200..<300:
                    if endpoint.cachePolicy == .etag, let etag = http.value(forHTTPHeaderField: "ETag") {
                        etagCache.store(body: data, etag: etag, for: url)
                    }
                    return try decode(Response.self, from: data)

                case 304:
                    guard let cached = etagCache.body(for: url) else { throw APIError.notModified }
                    return try decode(Response.self, from: cached)

                case 401 where endpoint.requiresAuth && !didRefreshCredentials:
                    didRefreshCredentials = true
                    guard let provider = tokenProvider else { throw APIError.unauthorized }
                    _ = try await provider.refreshAfterUnauthorized()
                    continue

                case 401:
                    throw APIError.unauthorized

                default:
                    let problem = try? decoder.decode(ProblemDetails.self, from: data)
                    let error = APIError.http(status: http.statusCode, problem: problem)
                    guard shouldRetry(error, endpoint: endpoint, attempt: attempt) else { throw error }
                    attempt += 1
                    try await backoff(attempt: attempt, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
                }
            } catch let urlError as URLError {
                let error = APIError.transport(urlError)
                guard shouldRetry(error, endpoint: endpoint, attempt: attempt) else { throw error }
                attempt += 1
                try await backoff(attempt: attempt, retryAfter: nil)
            }
        }
    }

    func clearCaches() {
        etagCache.removeAll()
    }

    // MARK: - Request building

    private func makeRequest<Response>(for endpoint: Endpoint<Response>, requestId: String) async throws -> URLRequest {
        var components = URLComponents(
            url: configuration.baseURL.appendingPathComponent(endpoint.path),
            resolvingAgainstBaseURL: false
        )
        if !endpoint.query.isEmpty {
            components?.queryItems = endpoint.query
        }
        guard let url = components?.url else { throw APIError.invalidRequest }

        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.requestTimeout)
        request.httpMethod = endpoint.method.rawValue
        request.httpBody = endpoint.body
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(requestId, forHTTPHeaderField: "X-Request-ID")
        request.setValue(Locale.preferredLanguages.first ?? "en-GB", forHTTPHeaderField: "Accept-Language")

        if endpoint.body != nil {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        if let idempotencyKey = endpoint.idempotencyKey {
            request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        }
        if endpoint.cachePolicy == .etag, let etag = etagCache.etag(for: url) {
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        if endpoint.requiresAuth {
            guard let provider = tokenProvider else { throw APIError.unauthorized }
            let token = try await provider.validAccessToken()
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if T.self == EmptyResponse.self, data.isEmpty, let empty = EmptyResponse() as? T {
            return empty
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw APIError.decoding(error)
        }
    }

    // MARK: - Retry

    private func shouldRetry<Response>(_ error: APIError, endpoint: Endpoint<Response>, attempt: Int) -> Bool {
        attempt < configuration.maxRetries && endpoint.isRetrySafe && error.isTransient
    }

    private func backoff(attempt: Int, retryAfter: String?) async throws {
        let serverHint = retryAfter.flatMap(TimeInterval.init) ?? 0
        let exponential = pow(2.0, Double(attempt - 1)) * 0.5
        let jitter = Double.random(in: 0...0.25)
        let delay = min(max(serverHint, exponential + jitter), 10)
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
    }

    private static let userAgent: String = {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "0"
        let build = info?["CFBundleVersion"] as? String ?? "0"
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return "NorthwindBank-iOS/\(version) (\(build); iOS \(os.majorVersion).\(os.minorVersion).\(os.patchVersion))"
    }()
}

/// In-memory conditional-request cache. Keys are SHA-256 digests of the URL so the
/// cache never holds query strings verbatim.
final class ETagCache {
    private final class Entry {
        let etag: String
        let body: Data
        init(etag: String, body: Data) {
            self.etag = etag
            self.body = body
        }
    }

    private let storage = NSCache<NSString, Entry>()

    init(countLimit: Int = 64) {
        storage.countLimit = countLimit
    }

    func etag(for url: URL) -> String? {
        storage.object(forKey: key(for: url))?.etag
    }

    func body(for url: URL) -> Data? {
        storage.object(forKey: key(for: url))?.body
    }

    func store(body: Data, etag: String, for url: URL) {
        storage.setObject(Entry(etag: etag, body: body), forKey: key(for: url))
    }

    func removeAll() {
        storage.removeAllObjects()
    }

    private func key(for url: URL) -> NSString {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        return digest.map { String(format: "%02x", $0) }.joined() as NSString
    }
}
