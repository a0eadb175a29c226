import Foundation
import UIKit

enum HTTPMethod: String {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

struct Endpoint<Response: Decodable> {
    let method: HTTPMethod
    let path: String
    var query: [URLQueryItem] = []
    var body: Data?
    var requiresAuth = true

    func makeRequest(baseURL: URL) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty {
            components.queryItems = query
        }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

struct Empty: Decodable {}

struct FeedPage: Decodable {
    let workouts: [Workout]
    let nextPageToken: String?
}

struct LinkExchangeRequest: Encodable {
    let provider: String
    let code: String
    let codeVerifier: String
    let redirectURI: String
}

struct LinkedAccount: Decodable, Identifiable {
    let provider: String
    let externalAthleteID: String
    let displayName: String?
    let linkedAt: Date

    var id: String { provider }
}

struct ShareLinkResponse: Decodable {
    let slug: String
}

enum API {
    static func profile() -> Endpoint<UserProfile> {
        Endpoint(method: .get, path: "me")
    }

    static func feed(pageToken: String?) -> Endpoint<FeedPage> {
        var endpoint = Endpoint<FeedPage>(method: .get, path: "feed")
        if let pageToken {
            endpoint.query = [URLQueryItem(name: "page_token", value: pageToken)]
        }
        return endpoint
    }

    static func uploadWorkouts(_ workouts: [Workout]) throws -> Endpoint<Empty> {
        Endpoint(method: .post, path: "workouts/batch", body: try JSONEncoder.api.encode(workouts))
    }

    static func createShareLink(workoutID: UUID) -> Endpoint<ShareLinkResponse> {
        Endpoint(method: .post, path: "workouts/\(workoutID.uuidString)/share")
    }

    static func coachThread(cursor: String?) -> Endpoint<CoachThreadPage> {
        var endpoint = Endpoint<CoachThreadPage>(method: .get, path: "coach/thread")
        endpoint.query = cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? []
        return endpoint
    }

    static func sendCoachMessage(_ message: CoachMessage) throws -> Endpoint<CoachMessage> {
        Endpoint(method: .post, path: "coach/messages", body: try JSONEncoder.api.encode(message))
    }

    static func exchangeLink(_ request: LinkExchangeRequest) throws -> Endpoint<LinkedAccount> {
        Endpoint(method: .post, path: "links/exchange", body: try JSONEncoder.api.encode(request))
    }

    static func unlink(provider: String) -> Endpoint<Empty> {
        Endpoint(method: .delete, path: "links/\(provider)")
    }

    static func refreshSession(refreshToken: String) throws -> Endpoint<OAuthCredential> {
        Endpoint(method: .post, path: "auth/refresh",
                 body: try JSONEncoder.api.encode(["refresh_token": refreshToken]),
                 requiresAuth: false)
    }
}

extension JSONEncoder {
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}

extension JSONDecoder {
    static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension URLRequest {
    mutating func applyDefaultHeaders() {
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0"
        let build = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "0"
        setValue("Stride/\(version) (\(build); iOS \(UIDevice.current.systemVersion))", forHTTPHeaderField: "User-Agent")
        setValue(Locale.preferredLanguages.prefix(3).joined(separator: ", "), forHTTPHeaderField: "Accept-Language")
        setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
    }

    mutating func authorize(with accessToken: String) {
        setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
    }

    /// Compact `Name=value` rendering used in request traces.
    var headerSummary: String {
        (allHTTPHeaderFields ?? [:])
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }
            .joined(separator: " ")
    }

    var requestID: String {
        value(forHTTPHeaderField: "X-Request-ID") ?? "-"
    }
}
