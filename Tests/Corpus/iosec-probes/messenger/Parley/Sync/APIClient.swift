import Foundation

struct Endpoint<Response: Decodable> {
    var method = "GET"
    var path: String
    var query: [URLQueryItem] = []
    var body: Data?
    var requiresAuth = true

    static func json<Body: Encodable>(_ method: String, _ path: String, body: Body,
                                      requiresAuth: Bool = true) throws -> Endpoint {
        Endpoint(method: method, path: path, body: try APIClient.encoder.encode(body), requiresAuth: requiresAuth)
    }
}

struct Empty: Codable {}

enum APIError: Error, LocalizedError {
    case unauthorized
    case http(status: Int, requestId: String?)
    case decoding(String)
    case invalidRequest

    var errorDescription: String? {
        switch self {
        case .unauthorized: "unauthorized"
        case .http(let status, let requestId): "http \(status) request=\(requestId ?? "-")"
        case .decoding(let type): "could not decode \(type)"
        case .invalidRequest: "invalid request"
        }
    }
}

struct ConversationDTO: Codable {
    let id: String
    let title: String
    let peerUserId: String?
}

struct JoinResponse: Decodable {
    let conversation: ConversationDTO
}

final class APIClient: @unchecked Sendable {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    let baseURL: URL
    private let session: URLSession
    private let auth: AuthSessionStore

    init(baseURL: URL = URL(string: "https://api.parley.chat")!, auth: AuthSessionStore) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 20
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": "Parley-iOS/\(Bundle.main.shortVersion)"]
        self.baseURL = baseURL
        self.auth = auth
        self.session = URLSession(configuration: configuration)
    }

    func send<R>(_ endpoint: Endpoint<R>) async throws -> R {
        do {
            return try await perform(endpoint)
        } catch APIError.unauthorized where endpoint.requiresAuth {
            try await auth.refresh(using: self)
            return try await perform(endpoint)
        }
    }

    private func perform<R>(_ endpoint: Endpoint<R>) async throws -> R {
        var components = URLComponents(url: baseURL.appending(path: endpoint.path), resolvingAgainstBaseURL: false)
        if !endpoint.query.isEmpty { components?.queryItems = endpoint.query }
        guard let url = components?.url else { throw APIError.invalidRequest }

        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(DeviceInfo.deviceId, forHTTPHeaderField: "X-Parley-Device")
        if let body = endpoint.body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if endpoint.requiresAuth {
            guard let token = auth.accessToken else { throw APIError.unauthorized }
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }

        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw APIError.invalidRequest }
        switch http.statusCode {
        case 200..<300:
            if let empty = Empty() as? R { return empty }
            do {
                return try Self.decoder.decode(R.self, from: data)
            } catch {
                throw APIError.decoding(String(describing: R.self))
            }
        case 401:
            throw APIError.unauthorized
        default:
            let requestId = http.value(forHTTPHeaderField: "X-Request-Id")
            Log.error("api.http status=\(http.statusCode) \(endpoint.method) \(endpoint.path) request=\(requestId ?? "-")", category: .sync)
            throw APIError.http(status: http.statusCode, requestId: requestId)
        }
    }
}

// MARK: - Endpoints

extension APIClient {
    func syncPage(since cursor: String?) async throws -> SyncPage {
        var query = [URLQueryItem(name: "limit", value: "200")]
        if let cursor { query.append(URLQueryItem(name: "since", value: cursor)) }
        return try await send(Endpoint<SyncPage>(path: "/v2/sync", query: query))
    }

    func postEnvelopes(_ envelopes: [Envelope]) async throws {
        struct Body: Encodable { let envelopes: [Envelope] }
        let _: Empty = try await send(.json("POST", "/v2/envelopes", body: Body(envelopes: envelopes)))
    }

    func fetchEnvelope(id: String) async throws -> Envelope {
        try await send(Endpoint<Envelope>(path: "/v2/envelopes/\(id)"))
    }

    func peerBundle(conversationId: String) async throws -> PeerBundle {
        try await send(Endpoint<PeerBundle>(path: "/v2/conversations/\(conversationId)/bundle"))
    }

    func registerPush(token: Data) async throws {
        struct Body: Encodable { let apnsToken: String }
        let _: Empty = try await send(.json("POST", "/v2/devices/\(DeviceInfo.deviceId)/push",
                                            body: Body(apnsToken: token.hexString)))
    }

    func redeemInvite(_ invite: InviteToken) async throws -> JoinResponse {
        struct Body: Encodable { let invite: String }
        return try await send(.json("POST", "/v2/invites/redeem", body: Body(invite: invite.rawValue)))
    }

    func sendReadReceipts(messageIds: [String], conversationId: String) async throws {
        struct Body: Encodable { let messageIds: [String] }
        let _: Empty = try await send(.json("POST", "/v2/conversations/\(conversationId)/receipts",
                                            body: Body(messageIds: messageIds)))
    }

    func sendTyping(conversationId: String) async throws {
        let _: Empty = try await send(Endpoint<Empty>(method: "POST", path: "/v2/conversations/\(conversationId)/typing"))
    }

    func uploadBackup(_ sealed: Data) async throws {
        struct Body: Encodable { let archive: Data }
        let _: Empty = try await send(.json("PUT", "/v2/backup", body: Body(archive: sealed)))
    }

    func downloadBackup() async throws -> Data {
        struct Response: Decodable { let archive: Data }
        let response: Response = try await send(Endpoint<Response>(path: "/v2/backup"))
        return response.archive
    }
}
