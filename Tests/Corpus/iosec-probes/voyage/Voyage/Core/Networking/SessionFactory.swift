import Foundation
import Alamofire

enum SessionFactory {
    static func makeAPISession(
        environment: AppEnvironment,
        interceptor: RequestInterceptor,
        monitors: [EventMonitor]
    ) -> Session {
        let configuration = URLSessionConfiguration.af.default
        configuration.timeoutIntervalForRequest = 30
        configuration.waitsForConnectivity = true
        configuration.httpAdditionalHeaders?["X-Client"] = "voyage-ios/\(Bundle.main.releaseName)"
        // Responses may contain booking data; caching is handled explicitly by the Core Data cache.
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData

        return Session(
            configuration: configuration,
            interceptor: interceptor,
            serverTrustManager: makeTrustManager(for: environment),
            eventMonitors: monitors
        )
    }

    /// Bare session for the token refresh call, so refreshing never re-enters the interceptor.
    static func makeRefreshSession(environment: AppEnvironment) -> Session {
        let configuration = URLSessionConfiguration.af.ephemeral
        configuration.timeoutIntervalForRequest = 20
        return Session(configuration: configuration, serverTrustManager: makeTrustManager(for: environment))
    }

    static func makeTrustManager(for environment: AppEnvironment) -> ServerTrustManager {
        var evaluators: [String: ServerTrustEvaluating] = [:]

        if let apiHost = environment.apiBaseURL.host {
            // Leaf + backup public keys are bundled as .cer files in Resources/Certificates.
            evaluators[apiHost] = PublicKeysTrustEvaluator(
                keys: Bundle.main.af.publicKeys,
                performDefaultValidation: true,
                validateHost: true
            )
        }
        if let gatewayHost = environment.loyaltyGatewayURL.host {
            evaluators[gatewayHost] = DefaultTrustEvaluator(validateHost: true)
        }

        #if DEBUG
        // Local backend (docker compose) uses a self-signed certificate.
        evaluators["localhost"] = DisabledTrustEvaluator()
        evaluators["127.0.0.1"] = DisabledTrustEvaluator()
        #endif

        return ServerTrustManager(allHostsMustBeEvaluated: true, evaluators: evaluators)
    }
}

/// Request timing for Instruments / Console. URLs are logged without their query string.
final class NetworkActivityMonitor: EventMonitor {
    let queue = DispatchQueue(label: "travel.voyage.network-monitor", qos: .utility)

    func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
        let path = request.request?.url?.redactedForLogs ?? "-"
        let status = response.response?.statusCode ?? 0
        let duration = Int((response.metrics?.taskInterval.duration ?? 0) * 1000)
        Log.network.debug("\(request.request?.httpMethod ?? "GET", privacy: .public) \(path, privacy: .public) → \(status) in \(duration)ms")
    }
}
