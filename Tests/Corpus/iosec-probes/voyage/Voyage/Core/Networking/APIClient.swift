import Foundation
import Alamofire

protocol APIClientProtocol: AnyObject {
    func send<Response: Decodable>(_ endpoint: Endpoint, as type: Response.Type) async throws -> Response
    func send(_ endpoint: Endpoint) async throws
    func data(_ endpoint: Endpoint) async throws -> Data
}

enum APIError: LocalizedError {
    case unauthorized
    case server(status: Int, code: String?, message: String?)
    case decoding(Error)
    case transport(Error)
    case cancelled

    var errorDescription: String? {
        switch self {
        case .unauthorized:
            return NSLocalizedString("error.unauthorized", comment: "")
        case .server(_, _, let message?):
            return message
        case .server(let status, _, nil):
            return String(format: NSLocalizedString("error.server.status", comment: ""), status)
        case .decoding:
            return NSLocalizedString("error.unexpectedResponse", comment: "")
        case .transport(let error):
            return error.localizedDescription
        case .cancelled:
            return nil
        }
    }
}

private struct ServerErrorBody: Decodable {
    let code: String
    let message: String?
}

final class APIClient: APIClientProtocol {
    private let session: Session
    private let crashReporter: CrashReporting
    private let decoder: JSONDecoder

    init(session: Session, crashReporter: CrashReporting, decoder: JSONDecoder = .voyage) {
        self.session = session
        self.crashReporter = crashReporter
        self.decoder = decoder
    }

    func send<Response: Decodable>(_ endpoint: Endpoint, as type: Response.Type) async throws -> Response {
        let response = await session.request(endpoint)
            .validate(statusCode: 200..<300)
            .serializingDecodable(Response.self, decoder: decoder)
            .response

        switch response.result {
        case .success(let value):
            return value
        case .failure(let error):
            throw mapFailure(error, request: response.request, response: response.response, data: response.data)
        }
    }

    func send(_ endpoint: Endpoint) async throws {
        _ = try await data(endpoint)
    }

    func data(_ endpoint: Endpoint) async throws -> Data {
        let response = await session.request(endpoint)
            .validate(statusCode: 200..<300)
            .serializingData(emptyResponseCodes: [200, 202, 204])
            .response

        switch response.result {
        case .success(let data):
            return data
        case .failure(let error):
            throw mapFailure(error, request: response.request, response: response.response, data: response.data)
        }
    }

    // MARK: - Error mapping

    private func mapFailure(_ error: AFError, request: URLRequest?, response: HTTPURLResponse?, data: Data?) -> APIError {
        if error.isExplicitlyCancelledError {
            return .cancelled
        }

        guard let response else {
            Log.network.failure("Request \(request?.url?.redactedForLogs ?? "-")", error)
            return .transport(error.underlyingError ?? error)
        }

        if response.statusCode >= 400 {
            // Leaves a trail in Sentry so error screens and crashes can be matched to the call that preceded them.
            crashReporter.addBreadcrumb(category: "http", message: "HTTP \(response.statusCode)", data: request?.diagnosticSummary ?? [:])
        }

        if response.statusCode == 401 {
            return .unauthorized
        }

        if case .responseSerializationFailed(let reason) = error, response.statusCode < 300 {
            Log.network.error("Decoding failed for \(request?.url?.redactedForLogs ?? "-", privacy: .public): \(String(describing: reason), privacy: .public)")
            return .decoding(error)
        }

        let body = data.flatMap { try? decoder.decode(ServerErrorBody.self, from: $0) }
        return .server(status: response.statusCode, code: body?.code, message: body?.message)
    }
}
