import CryptoKit
import Foundation
import Security

enum APIError: LocalizedError {
    case unauthorized
    case server(status: Int, message: String?)
    case decoding(Error)
    case transport(Error)

    var errorDescription: String? {
        switch self {
        case .server(let status, let message):
            return message ?? String(format: NSLocalizedString("api.error.status %d", comment: "HTTP error"), status)
        case .transport(let error):
            return error.localizedDescription
        case .unauthorized, .decoding:
            return NSLocalizedString("api.error.generic", comment: "Something went wrong")
        }
    }
}

protocol APIClientProtocol: AnyObject {
    func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response
}

protocol AccessTokenProviding: AnyObject {
    func currentAccessToken() -> String?
    func refreshAccessToken() async throws -> String
}

private struct ServerErrorBody: Decodable {
    let message: String
}

final class APIClient: APIClientProtocol {
    private let baseURL: URL
    private let session: URLSession
    private let trace = HTTPTrace()
    weak var tokenProvider: AccessTokenProviding?

    init(baseURL: URL, tokenProvider: AccessTokenProviding? = nil) {
        self.baseURL = baseURL
        self.tokenProvider = tokenProvider

        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 30
        configuration.waitsForConnectivity = true
        configuration.httpAdditionalHeaders = ["X-Client": "ios"]
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration, delegate: PinnedSessionDelegate(), delegateQueue: nil)
    }

    func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await send(endpoint, attempt: 1)
    }

    private func send<Response>(_ endpoint: Endpoint<Response>, attempt: Int) async throws -> Response {
        var request = endpoint.makeRequest(baseURL: baseURL)
        request.applyDefaultHeaders()
        if endpoint.requiresAuth, let token = tokenProvider?.currentAccessToken() {
            request.authorize(with: token)
        }

        trace.willSend(request, attempt: attempt)
        let started = Date()

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            trace.didFail(error, for: request)
            throw APIError.transport(error)
        }

        guard let http = response as? HTTPURLResponse else {
            throw APIError.server(status: -1, message: nil)
        }
        trace.didReceive(http, for: request, data: data, startedAt: started)

        switch http.statusCode {
        case 200..<300:
            if Response.self == Empty.self, data.isEmpty {
                return Empty() as! Response
            }
            do {
                return try JSONDecoder.api.decode(Response.self, from: data)
            } catch {
                throw APIError.decoding(error)
            }
        case 401 where endpoint.requiresAuth && attempt == 1:
            guard let tokenProvider else { throw APIError.unauthorized }
            _ = try await tokenProvider.refreshAccessToken()
            return try await send(endpoint, attempt: attempt + 1)
        case 401:
            throw APIError.unauthorized
        default:
            let message = try? JSONDecoder.api.decode(ServerErrorBody.self, from: data).message
            throw APIError.server(status: http.statusCode, message: message)
        }
    }
}

/// Adds SPKI pinning on top of the system trust evaluation for our own API hosts.
/// Hosts not listed fall through to default handling.
final class PinnedSessionDelegate: NSObject, URLSessionDelegate {
    /// SHA-256 of the DER SubjectPublicKeyInfo (current leaf key + backup key held offline).
    private let pins: [String: Set<String>] = [
        "api.stridecoach.com": [
            "kR3b0x9Yt6Qm2X1vH8cG4pJ7sL5nW0aE3dF6gK9uZ2o=",
            "T1mP4qV8yN3cB6xR9wA2sD5fG7hJ0kL3zX8vC1nM4bQ=",
        ],
    ]

    // ASN.1 header for an EC P-256 public key; prepended to get SPKI from SecKeyCopyExternalRepresentation.
    private static let ecP256SPKIHeader: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
        0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
        0x42, 0x00,
    ]

    func urlSession(_ session: URLSession,
                    didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust,
              let expected = pins[challenge.protectionSpace.host] else {
            completionHandler(.performDefaultHandling, nil)
            return
        }

        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            Log.make("tls").error("Trust evaluation failed for \(challenge.protectionSpace.host, privacy: .public): \(String(describing: error), privacy: .public)")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        guard let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate],
              let leaf = chain.first,
              let key = SecCertificateCopyKey(leaf),
              let raw = SecKeyCopyExternalRepresentation(key, nil) as Data? else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }

        let spki = Data(Self.ecP256SPKIHeader) + raw
        let hash = Data(SHA256.hash(data: spki)).base64EncodedString()

        if expected.contains(hash) {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            Log.make("tls").fault("Pin mismatch for \(challenge.protectionSpace.host, privacy: .public)")
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
