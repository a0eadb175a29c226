import Foundation

enum HTTPMethod: String {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    var isIdempotent: Bool {
        self == .get || self == .put || self == .delete
    }
}

struct EmptyResponse: Decodable {}

struct Endpoint<Response: Decodable> {
    enum CachePolicy {
        case none
        case etag
    }

    /// Stable, non-identifying operation name used for logs and metrics.
    var operation: String
    var method: HTTPMethod = .get
    var path: String
    var query: [URLQueryItem] = []
    var body: Data?
    var requiresAuth = true
    var idempotencyKey: String?
    var cachePolicy: CachePolicy = .none

    var isRetrySafe: Bool {
        method.isIdempotent || idempotencyKey != nil
    }
}

extension Endpoint {
    static func json<Body: Encodable>(
        _ method: HTTPMethod,
        _ path: String,
        body: Body,
        operation: String,
        requiresAuth: Bool = true,
        idempotencyKey: String? = nil
    ) throws -> Endpoint<Response> {
        Endpoint(
            operation: operation,
            method: method,
            path: path,
            body: try JSONCoding.encoder.encode(body),
            requiresAuth: requiresAuth,
            idempotencyKey: idempotencyKey
        )
    }
}

enum JSONCoding {
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
}

enum API {
    static func accounts() -> Endpoint<[Account]> {
        Endpoint(operation: "accounts.list", path: "/v2/accounts", cachePolicy: .etag)
    }

    static func transactions(accountId: String, cursor: String?, limit: Int = 50) -> Endpoint<Page<Transaction>> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return Endpoint(operation: "transactions.page", path: "/v2/accounts/\(accountId)/transactions", query: query)
    }

    static func payees() -> Endpoint<[Payee]> {
        Endpoint(operation: "payees.list", path: "/v2/payees", cachePolicy: .etag)
    }

    static func submitTransfer(_ request: TransferRequest, idempotencyKey: String) throws -> Endpoint<TransferResult> {
        try .json(.post, "/v2/transfers", body: request, operation: "transfers.create", idempotencyKey: idempotencyKey)
    }

    static func profile() -> Endpoint<UserProfile> {
        Endpoint(operation: "profile.get", path: "/v2/me", cachePolicy: .etag)
    }

    static func securityPolicy() -> Endpoint<SecurityPolicy> {
        Endpoint(operation: "security.policy", path: "/v2/security/policy", requiresAuth: false, cachePolicy: .etag)
    }

    /// Issues a device-bound quick-unlock credential. It is useless without a signature
    /// from the Secure Enclave device key, and the app stores it behind biometrics.
    static func enrolQuickUnlock(deviceKeyId: String) throws -> Endpoint<QuickUnlockEnrolment> {
        try .json(.post, "/v2/auth/quick-unlock", body: ["device_key_id": deviceKeyId],
                  operation: "auth.quick_unlock.enrol", idempotencyKey: UUID().uuidString)
    }
}
