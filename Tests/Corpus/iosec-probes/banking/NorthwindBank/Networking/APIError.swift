import Foundation

struct ProblemDetails: Decodable, Equatable {
    let type: String?
    let title: String
    let status: Int
    let detail: String?
    let traceId: String?
}

enum APIError: Error, LocalizedError {
    case invalidRequest
    case invalidResponse
    case unauthorized
    case notModified
    case http(status: Int, problem: ProblemDetails?)
    case decoding(Error)
    case transport(URLError)

    var errorDescription: String? {
        switch self {
        case .invalidRequest, .invalidResponse, .decoding:
            return L10n.string("error.generic")
        case .unauthorized:
            return L10n.string("error.session_expired")
        case .notModified:
            return nil
        case .http(_, let problem?):
            return problem.title
        case .http(let status, nil):
            return L10n.format("error.http.%d", status)
        case .transport(let error) where error.code == .notConnectedToInternet:
            return L10n.string("error.offline")
        case .transport:
            return L10n.string("error.network")
        }
    }

    var isTransient: Bool {
        switch self {
        case .http(let status, _):
            return [408, 425, 429, 500, 502, 503, 504].contains(status)
        case .transport(let error):
            return [.timedOut, .networkConnectionLost, .cannotConnectToHost, .dnsLookupFailed].contains(error.code)
        default:
            return false
        }
    }
}
