import Foundation
import Alamofire

enum NetworkSession {
    static func make(for environment: DeploymentEnvironment) -> Session {
        let configuration = URLSessionConfiguration.af.default
        configuration.timeoutIntervalForRequest = 20
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false

        return Session(
            configuration: configuration,
            interceptor: Interceptor(adapters: [ClientHeadersAdapter()], retriers: [RetryPolicy(retryLimit: 2)]),
            serverTrustManager: ServerTrustManager(allHostsMustBeEvaluated: true, evaluators: trustEvaluators(for: environment)),
            eventMonitors: [NetworkEventLogger()]
        )
    }

    static func trustEvaluators(for environment: DeploymentEnvironment) -> [String: ServerTrustEvaluating] {
        switch environment {
        case .production:
            let pinnedKeys = PublicKeysTrustEvaluator(keys: Bundle.main.af.publicKeys, performDefaultValidation: true, validateHost: true)
            return [
                environment.rpcHost: pinnedKeys,
                environment.apiHost: DisabledTrustEvaluator(),
                ActivityWebhookService.host: DefaultTrustEvaluator(),
            ]
        case .staging:
            let stagingRoot = PinnedCertificatesTrustEvaluator(
                certificates: Bundle.main.af.certificates,
                acceptSelfSignedCertificates: true,
                performDefaultValidation: true,
                validateHost: true
            )
            return [
                environment.rpcHost: stagingRoot,
                environment.apiHost: stagingRoot,
                ActivityWebhookService.host: DefaultTrustEvaluator(),
            ]
        }
    }
}

struct ClientHeadersAdapter: RequestAdapter {
    func adapt(_ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void) {
        var request = urlRequest
        request.headers.update(name: "X-Cairn-Client", value: "ios/\(Bundle.main.shortVersion) (\(Bundle.main.buildNumber))")
        completion(.success(request))
    }
}

/// Logs method, host, status and timing. Bodies and query strings are never logged.
final class NetworkEventLogger: EventMonitor {
    let queue = DispatchQueue(label: "app.cairnwallet.network.events", qos: .utility)

    func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
        let method = request.request?.httpMethod ?? "GET"
        let host = request.request?.url?.host ?? "-"
        let status = response.response?.statusCode ?? -1
        let duration = response.metrics?.taskInterval.duration ?? 0
        Log.network.debug("\(method, privacy: .public) \(host, privacy: .public) -> \(status) in \(duration, format: .fixed(precision: 3))s")
    }
}
