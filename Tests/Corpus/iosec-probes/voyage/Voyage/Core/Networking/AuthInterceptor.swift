import Foundation
import Alamofire

struct TokenPair: Decodable {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int
}

/// Typed access to the session credentials kept in the Keychain.
final class SessionTokenStore {
    private let secrets: SecretStoring

    init(secrets: SecretStoring) {
        self.secrets = secrets
    }

    var accessToken: String? { secrets.string(for: .accessToken) }
    var refreshToken: String? { secrets.string(for: .refreshToken) }
    var loyaltySession: String? { secrets.string(for: .loyaltySession) }
    var loyaltyMemberID: String? { secrets.string(for: .loyaltyMemberID) }
    var isSignedIn: Bool { refreshToken != nil }

    func update(with pair: TokenPair) {
        secrets.set(pair.accessToken, for: .accessToken)
        secrets.set(pair.refreshToken, for: .refreshToken)
    }

    func updateLoyalty(session: String?, memberID: String?) {
        secrets.set(session, for: .loyaltySession)
        secrets.set(memberID, for: .loyaltyMemberID)
    }

    func clear() {
        secrets.removeAll(except: [.databaseKey])
    }
}

/// Adds the bearer token to Voyage API calls and transparently refreshes it once on 401.
final class AuthInterceptor: RequestInterceptor {
    typealias Refresh = @Sendable (_ refreshToken: String) async throws -> TokenPair

    private let apiHost: String
    private let tokens: SessionTokenStore
    private let refresh: Refresh

    init(apiHost: String, tokens: SessionTokenStore, refresh: @escaping Refresh) {
        self.apiHost = apiHost
        self.tokens = tokens
        self.refresh = refresh
    }

    func adapt(_ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void) {
        guard urlRequest.url?.host == apiHost else {
            completion(.success(urlRequest))
            return
        }
        var request = urlRequest
        request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
        if let token = tokens.accessToken {
            request.headers.add(.authorization(bearerToken: token))
        }
        completion(.success(request))
    }

    func retry(_ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void) {
        guard request.response?.statusCode == 401,
              request.retryCount == 0,
              request.request?.url?.host == apiHost,
              let refreshToken = tokens.refreshToken
        else {
            completion(.doNotRetry)
            return
        }

        Task {
            do {
                let pair = try await refresh(refreshToken)
                tokens.update(with: pair)
                completion(.retry)
            } catch {
                Log.network.failure("Token refresh", error)
                tokens.clear()
                completion(.doNotRetryWithError(error))
            }
        }
    }
}

/// Attaches the member session to calls that go to the Aurora Rewards partner gateway.
/// Their edge only forwards an allow-list of headers to the member service, so the
/// session travels as the `sid` parameter (see partner integration guide, section 4.2).
struct PartnerGatewayAdapter: RequestAdapter {
    let gatewayHost: String
    let session: () -> String?

    init(gatewayHost: String, session: @escaping () -> String?) {
        self.gatewayHost = gatewayHost
        self.session = session
    }

    func adapt(_ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void) {
        guard let url = urlRequest.url,
              url.host == gatewayHost,
              let sid = self.session(),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            completion(.success(urlRequest))
            return
        }

        var items = components.queryItems ?? []
        items.removeAll { $0.name == "sid" }
        items.append(URLQueryItem(name: "sid", value: sid))
        components.queryItems = items

        var request = urlRequest
        request.url = components.url
        request.setValue("voyage-ios", forHTTPHeaderField: "X-Partner-Client")
        completion(.success(request))
    }
}
