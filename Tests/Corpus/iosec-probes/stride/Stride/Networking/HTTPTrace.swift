import Foundation
import os

/// Request/response tracing for `APIClient`. Goes to the unified log so support can
/// correlate a user's sysdiagnose with server-side request IDs.
struct HTTPTrace {
    private let logger = Log.make("http")

    func willSend(_ request: URLRequest, attempt: Int) {
        let method = request.httpMethod ?? "GET"
        let path = request.url?.path ?? "?"
        logger.info("→ \(method, privacy: .public) \(path, privacy: .public) #\(attempt, privacy: .public) \(request.headerSummary, privacy: .public)")
    }

    func didReceive(_ response: HTTPURLResponse, for request: URLRequest, data: Data, startedAt: Date) {
        let elapsed = Int(Date().timeIntervalSince(startedAt) * 1_000)
        logger.info("← \(response.statusCode, privacy: .public) \(request.url?.path ?? "?", privacy: .public) \(elapsed, privacy: .public)ms id=\(request.requestID, privacy: .public) bytes=\(data.count, privacy: .public)")

        #if DEBUG
        if let body = String(data: data.prefix(4_096), encoding: .utf8) {
            logger.debug("body: \(body)")
        }
        #endif
    }

    func didFail(_ error: Error, for request: URLRequest) {
        logger.error("✕ \(request.url?.path ?? "?", privacy: .public) id=\(request.requestID, privacy: .public): \(error.localizedDescription, privacy: .public)")
    }
}
